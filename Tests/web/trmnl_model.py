"""A model of TRMNL's firmware as a client of the server, written from reading its code
(usetrmnl/trmnl-firmware at its 2026 head: src/bl.cpp, src/services/device_setup.cpp,
src/api-client/, lib/trmnl/src/): what each version asks, how it reads each answer, what it
keeps by filename, when it forgets its key. The device itself (its panel, its Wi-Fi) is
not modelled; its choices are.

- Set-up (no key stored): GET /api/setup (firmware up to 1.6.9: /api/setup/) with ID,
  FW-Version and Model. A 200 whose status is 200 gives api_key and friendly_id; its
  image_url must then be a BMP of exactly 48,062 bytes or a PNG, else the device shows
  "API could not deliver image". Any other answer is an error screen (404: MAC not
  registered).
- A wake (key stored): GET /api/display with ID, Access-Token, Refresh-Rate,
  Battery-Voltage, FW-Version (and special_function: true after a double press). Only a
  200, a 301 or a 429 is read (a 429 as a 200); anything else is "unable to connect" and
  a retry. Status 0: image_url fetched unless a file named `filename` is kept (only a
  PNG, answered as image/png, is kept under it; a BMP never is), refresh_rate slept;
  with reset_firmware the key is forgotten (the next wake sets up again). With a special
  function, action must be "sleep", then the picture kept by `filename` is shown (none:
  "API size error"). Status 202: fast poll. Status 500: the key would be forgotten, but
  no image_url is taken on that path and the empty address fails first: "unable to
  connect". From deep sleep the address the firmware opens after every answer is only
  ever an answer's image_url: an answer without one (that is not 202) ends on "unable to
  connect" (v1.8.15's bl.cpp and lib/trmnl/include/http_client.h).
"""
import json

from checks import http  # Tests/checks.py: run.py puts Tests/ on the path


class Firmware:
    def __init__(self, base, mac, version):
        self.base, self.mac, self.version = base, mac, version
        self.api_key = None
        self.friendly_id = None
        self.kept = set()          # filenames of pictures stored in flash
        self.downloads = 0         # pictures fetched
        self.sleep = None          # seconds the last wake asked to sleep
        self.screen = None         # what the device shows: "picture", "setup", or an error
        self.displayed = None      # the filename of the picture on the panel
        self.last_code = None      # the HTTP code of the last call to the server

    def _get(self, url, headers):
        return http(url, headers, timeout=15)

    def _minor(self):
        return tuple(int(p) for p in self.version.split("."))

    def setup(self):
        path = "/api/setup/" if self._minor() <= (1, 6, 9) else "/api/setup"
        code, body, _ = self._get(self.base + path, {"ID": self.mac, "FW-Version": self.version, "Model": "og", "Content-Type": "application/json"})
        self.last_code = code
        if code != 200:
            self.screen = "MAC not registered" if code == 404 else f"setup failed ({code})"
            return False
        answer = json.loads(body)
        if answer.get("status") != 200:
            self.screen = "setup failed"
            return False
        self.api_key, self.friendly_id = answer.get("api_key"), answer.get("friendly_id")
        code, image, _ = self._get(answer.get("image_url") or "", {}) if answer.get("image_url") else (0, b"", {})
        if code == 200 and (len(image) == 48_062 or image[:4] == b"\x89PNG"):
            self.screen = "setup"
        else:
            self.screen = "API could not deliver image"
        return True

    def wake(self, button=False):
        """One wake, as bl.cpp's downloadAndShow() and handleApiDisplayResponse() take it:
        set-up first when no key is kept. Returns the answer's status, or the HTTP code
        when the firmware could not read it."""
        if self.api_key is None:
            self.setup()
            return "setup"
        headers = {"ID": self.mac, "Access-Token": self.api_key, "Refresh-Rate": "900", "Battery-Voltage": "4.05",
                   "FW-Version": self.version, "Model": "og", "RSSI": "-60", "Width": "800", "Height": "480"}
        if button:
            headers["special_function"] = "true"
        code, body, _ = self._get(self.base + "/api/display", headers)
        self.last_code = code
        if code not in (200, 301, 429):
            self.screen, self.sleep = "unable to connect", None
            return code
        answer = json.loads(body)
        status = answer.get("status", 0)
        # After deep sleep the firmware's image address (its global `filename`) is empty
        # until an answer's image_url is copied into it; it is opened whatever happens.
        url, name = "", answer.get("filename") or ""
        fetch, result, reset = False, "no error", False
        if status == 0 and not button:
            self.sleep = answer.get("refresh_rate", 0)
            reset = bool(answer.get("reset_firmware"))
            if answer.get("image_url"):
                url = answer["image_url"]
                if name in self.kept:
                    result = "success"          # read from flash
                else:
                    fetch = True
            if reset:
                result = "reset"
        elif status == 0 and button:
            if answer.get("action") != "sleep":
                self.screen, self.sleep = "unable to connect", None   # "sleep failed", then an empty address
                return "special function failed"
            self.sleep = answer.get("refresh_rate", 0)
            result = "success"
        elif status == 500:
            result = "reset"                    # but no image_url is taken on this path
        elif status == 202:
            self.sleep = answer.get("refresh_rate", 0)
            return status
        if result == "success" and not fetch:
            # The picture kept under `filename`: unchanged, or read from flash.
            if name == self.displayed or name in self.kept:
                self.screen, self.displayed = "picture", name
            else:
                self.screen = "API size error"
            return status
        if not url:
            self.screen, self.sleep = "unable to connect", None
            return status
        if fetch and not reset:
            got, image, image_headers = self._get(url, {"ID": self.mac, "Access-Token": self.api_key})
            if got == 200:
                self.downloads += 1
                self.screen, self.displayed = "picture", name
                if image_headers.get("Content-Type") == "image/png":
                    self.kept.add(name)
        if result == "reset":
            self.api_key = None
        return status
