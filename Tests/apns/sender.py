"""One APNs client library, unmodified, sending Live Activity pushes to lockscreend: run
inside the venv of requirements.txt by Tests/apns/run.py. Only the library's host (its
own constant or property, as a fork or a test double would set it) and its trust (the
daemon's authority, through the knob the library gives) are changed.

Reads one push a line on standard input, {"token": …, "payload": {...}}, and writes
what the library made of the answer: {"ok": true, "apns_id": …} or {"ok": false,
"reason": …, "status": …}; a library that fails to read the answer writes
{"crash": "…"} instead.

Usage (in the venv): python sender.py LIBRARY HOST PORT CA KEY_FILE KEY_ID TEAM_ID TOPIC
"""
import asyncio
import json
import os
import ssl
import sys
import traceback


def main():
    library, host, port, ca, key_file, key_id, team, topic = sys.argv[1:9]
    port = int(port)
    send = {"aioapns": aioapns_sender, "kalyke": kalyke_sender, "pyapns_client": pyapns_sender}[library](
        host, port, ca, key_file, key_id, team, topic)
    for line in sys.stdin:
        push = json.loads(line)
        try:
            result = send(push["token"], push["payload"])
        except Exception as error:  # noqa: BLE001: the library's failure is the finding
            result = {"crash": f"{type(error).__name__}: {error}", "trace": traceback.format_exc()[-800:]}
        print(json.dumps(result), flush=True)


def aioapns_sender(host, port, ca, key_file, key_id, team, topic):
    """aioapns 4.0: the host is its protocol class's APNS_SERVER and APNS_PORT; trust is
    the ssl_context APNs(...) takes."""
    from aioapns import APNs, NotificationRequest, PushType
    from aioapns.connection import APNsDevelopmentClientProtocol
    APNsDevelopmentClientProtocol.APNS_SERVER = host
    APNsDevelopmentClientProtocol.APNS_PORT = port
    loop = asyncio.new_event_loop()
    asyncio.set_event_loop(loop)

    async def make():
        return APNs(key=open(key_file).read(), key_id=key_id, team_id=team, topic=topic, use_sandbox=True,
                    ssl_context=ssl.create_default_context(cafile=ca))
    client = loop.run_until_complete(make())

    def send(token, payload):
        request = NotificationRequest(device_token=token, message=payload, push_type=PushType.LIVEACTIVITY, priority=10)
        result = loop.run_until_complete(asyncio.wait_for(client.send_notification(request), 30))
        if result.is_successful:
            return {"ok": True, "apns_id": result.notification_id}
        return {"ok": False, "reason": result.description, "status": result.status}
    return send


def kalyke_sender(host, port, ca, key_file, key_id, team, topic):
    """kalyke-apns 1.5.0: the host is its clients' _base_url; trust is SSL_CERT_FILE,
    which its HTTP client (httpx2) reads."""
    os.environ["SSL_CERT_FILE"] = ca
    import kalyke.clients
    from kalyke import LiveActivityApnsConfig, LiveActivityClient, exceptions
    kalyke.clients.__Client._base_url = property(lambda self: f"https://{host}:{port}")
    client = LiveActivityClient(use_sandbox=True, team_id=team, auth_key_id=key_id, auth_key_filepath=key_file)
    config = LiveActivityApnsConfig(topic=topic)
    loop = asyncio.new_event_loop()

    def send(token, payload):
        try:
            apns_id = loop.run_until_complete(asyncio.wait_for(client.send_message(device_token=token, payload=payload, apns_config=config), 30))
            return {"ok": True, "apns_id": apns_id}
        except exceptions.ApnsProviderException as error:
            return {"ok": False, "reason": type(error).__name__, "error": str(error)}
    return send


def pyapns_sender(host, port, ca, key_file, key_id, team, topic):
    """pyapns_client 2.0.6: the host is its BASE_URLS; trust is root_cert_path. A Live
    Activity's aps goes in the payload's custom keys, as its servers send them."""
    from pyapns_client import APNSClient, IOSNotification, IOSPayload, exceptions
    APNSClient.BASE_URLS[APNSClient.MODE_DEV] = f"https://{host}:{port}"
    client = APNSClient(mode=APNSClient.MODE_DEV, root_cert_path=ca, auth_key_path=key_file, auth_key_id=key_id, team_id=team)

    def send(token, payload):
        notification = IOSNotification(payload=IOSPayload(custom=payload), topic=topic, priority="10", push_type="liveactivity")
        try:
            client.push(notification=notification, device_token=token)
            return {"ok": True}
        except exceptions.APNSException as error:
            return {"ok": False, "reason": type(error).__name__.removesuffix("Exception"), "error": str(error)}
    return send


if __name__ == "__main__":
    main()
