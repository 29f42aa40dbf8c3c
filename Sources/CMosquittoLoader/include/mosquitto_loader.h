#ifndef LOCKSCREEND_MOSQUITTO_LOADER_H
#define LOCKSCREEND_MOSQUITTO_LOADER_H

#include <stddef.h>

// An MQTT client on Debian's libmosquitto, which is loaded with dlopen on first use: a
// daemon without [mqtt] never maps it, nor the TLS libraries it brings. The client runs
// libmosquitto's own network thread (connect, keep-alive, reconnect with backoff); every
// event reaches `callback` on that thread.

/// What happened.
typedef enum {
    CMosquittoLoader_CONNECTED = 1,     ///< `code` is the CONNACK code (0: accepted).
    CMosquittoLoader_DISCONNECTED = 2,  ///< `code` 0: asked for; otherwise lost, reconnecting.
    CMosquittoLoader_MESSAGE = 3,       ///< `topic`, `payload`, `length`, `retained`.
    CMosquittoLoader_PUBLISHED = 4,     ///< `code` is the message id: sent (QoS 0) or acknowledged.
} CMosquittoLoader_event;

typedef void (*CMosquittoLoader_callback)(void *context, int event, int code, const char *topic,
                                          const void *payload, int length, int retained);

typedef struct {
    const char *host;
    int port;
    const char *client_id;
    const char *username;          ///< NULL: none.
    const char *password;
    int tls;                       ///< 1: TLS with the server's certificate verified.
    const char *ca_file;           ///< NULL: the system's CA directory.
    int protocol;                  ///< 4: MQTT 3.1.1, 5: MQTT 5.
    int keepalive;                 ///< Seconds.
    const char *will_topic;        ///< NULL: no will.
    const char *will_payload;
    unsigned reconnect_min;        ///< Seconds before the first reconnect; doubles up to max.
    unsigned reconnect_max;
} CMosquittoLoader_options;

typedef struct CMosquittoLoader_client CMosquittoLoader_client;

/// Loads the library (once), makes the client and starts connecting in the background;
/// a broker that is down is retried. 0, or an error with what failed in `message`.
int CMosquittoLoader_open(const CMosquittoLoader_options *options, CMosquittoLoader_callback callback, void *context,
                          CMosquittoLoader_client **client, char *message, size_t size);

/// Subscribes to `topic` (wildcards allowed) at `qos` 0 or 1.
int CMosquittoLoader_subscribe(CMosquittoLoader_client *client, const char *topic, int qos);

/// Publishes `length` bytes of `payload` on `topic`; its message id goes to `mid`, which a
/// PUBLISHED event names when the broker has it.
int CMosquittoLoader_publish(CMosquittoLoader_client *client, const char *topic, const void *payload, int length,
                             int qos, int retain, int *mid);

/// Publishes a last message (may be NULL), disconnects, stops the network thread and frees
/// the client. No callback runs after it returns.
void CMosquittoLoader_close(CMosquittoLoader_client *client, const char *topic, const char *payload);

/// libmosquitto's words for an error number, or "" when it is not loaded.
const char *CMosquittoLoader_error(int code);

#endif
