#include "mosquitto_loader.h"

#include <dlfcn.h>
#include <mosquitto.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// The functions used, resolved from libmosquitto.so.1 at first use; each pointer has the
// type of the function the header declares.
#define FUNCTIONS(X) \
    X(mosquitto_lib_init) X(mosquitto_new) X(mosquitto_destroy) X(mosquitto_username_pw_set) \
    X(mosquitto_will_set) X(mosquitto_tls_set) X(mosquitto_int_option) X(mosquitto_reconnect_delay_set) \
    X(mosquitto_connect_callback_set) X(mosquitto_disconnect_callback_set) X(mosquitto_message_callback_set) \
    X(mosquitto_publish_callback_set) \
    X(mosquitto_connect_async) X(mosquitto_loop_start) X(mosquitto_loop_stop) X(mosquitto_disconnect) \
    X(mosquitto_subscribe) X(mosquitto_publish) X(mosquitto_strerror)

#define DECLARE(name) static __typeof__(&name) p_##name;
FUNCTIONS(DECLARE)

static pthread_once_t once = PTHREAD_ONCE_INIT;
static char load_error[256];

static void load(void) {
    void *library = dlopen("libmosquitto.so.1", RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        snprintf(load_error, sizeof load_error, "cannot load libmosquitto.so.1 (apt install libmosquitto1): %s", dlerror());
        return;
    }
#define RESOLVE(name) \
    if (!(p_##name = (__typeof__(&name))dlsym(library, #name))) { \
        snprintf(load_error, sizeof load_error, "libmosquitto.so.1 has no %s", #name); \
        return; \
    }
    FUNCTIONS(RESOLVE)
    p_mosquitto_lib_init();
}

struct CMosquittoLoader_client {
    struct mosquitto *mosq;
    CMosquittoLoader_callback callback;
    void *context;
};

static void on_connect(struct mosquitto *mosq, void *object, int code) {
    (void)mosq;
    CMosquittoLoader_client *c = object;
    c->callback(c->context, CMosquittoLoader_CONNECTED, code, NULL, NULL, 0, 0);
}

static void on_disconnect(struct mosquitto *mosq, void *object, int code) {
    (void)mosq;
    CMosquittoLoader_client *c = object;
    c->callback(c->context, CMosquittoLoader_DISCONNECTED, code, NULL, NULL, 0, 0);
}

static void on_message(struct mosquitto *mosq, void *object, const struct mosquitto_message *m) {
    (void)mosq;
    CMosquittoLoader_client *c = object;
    c->callback(c->context, CMosquittoLoader_MESSAGE, 0, m->topic, m->payload, m->payloadlen, m->retain ? 1 : 0);
}

static void on_publish(struct mosquitto *mosq, void *object, int mid) {
    (void)mosq;
    CMosquittoLoader_client *c = object;
    c->callback(c->context, CMosquittoLoader_PUBLISHED, mid, NULL, NULL, 0, 0);
}

static int fail(int code, char *message, size_t size, const char *what) {
    snprintf(message, size, "%s: %s", what, p_mosquitto_strerror ? p_mosquitto_strerror(code) : "libmosquitto not loaded");
    return code ? code : -1;
}

int CMosquittoLoader_open(const CMosquittoLoader_options *o, CMosquittoLoader_callback callback, void *context,
                          CMosquittoLoader_client **client, char *message, size_t size) {
    pthread_once(&once, load);
    if (load_error[0]) {
        snprintf(message, size, "%s", load_error);
        return -1;
    }
    CMosquittoLoader_client *c = calloc(1, sizeof *c);
    if (!c) return fail(MOSQ_ERR_NOMEM, message, size, "make the client");
    c->callback = callback;
    c->context = context;
    c->mosq = p_mosquitto_new(o->client_id, 1, c);
    if (!c->mosq) {
        free(c);
        return fail(MOSQ_ERR_NOMEM, message, size, "make the client");
    }
    int rc = p_mosquitto_int_option(c->mosq, MOSQ_OPT_PROTOCOL_VERSION, o->protocol == 5 ? MQTT_PROTOCOL_V5 : MQTT_PROTOCOL_V311);
    if (rc == MOSQ_ERR_SUCCESS && o->username) rc = p_mosquitto_username_pw_set(c->mosq, o->username, o->password);
    if (rc == MOSQ_ERR_SUCCESS && o->will_topic)
        rc = p_mosquitto_will_set(c->mosq, o->will_topic, (int)strlen(o->will_payload), o->will_payload, 1, 1);
    if (rc == MOSQ_ERR_SUCCESS && o->tls)
        rc = p_mosquitto_tls_set(c->mosq, o->ca_file, o->ca_file ? NULL : "/etc/ssl/certs", NULL, NULL, NULL);
    if (rc == MOSQ_ERR_SUCCESS) rc = p_mosquitto_reconnect_delay_set(c->mosq, o->reconnect_min, o->reconnect_max, 1);
    if (rc != MOSQ_ERR_SUCCESS) {
        p_mosquitto_destroy(c->mosq);
        free(c);
        return fail(rc, message, size, "set up the client");
    }
    p_mosquitto_connect_callback_set(c->mosq, on_connect);
    p_mosquitto_disconnect_callback_set(c->mosq, on_disconnect);
    p_mosquitto_message_callback_set(c->mosq, on_message);
    p_mosquitto_publish_callback_set(c->mosq, on_publish);
    // A broker that cannot be reached now is not an error: the network thread retries.
    (void)p_mosquitto_connect_async(c->mosq, o->host, o->port, o->keepalive);
    rc = p_mosquitto_loop_start(c->mosq);
    if (rc != MOSQ_ERR_SUCCESS) {
        p_mosquitto_destroy(c->mosq);
        free(c);
        return fail(rc, message, size, "start the network thread");
    }
    *client = c;
    return 0;
}

int CMosquittoLoader_subscribe(CMosquittoLoader_client *c, const char *topic, int qos) {
    return p_mosquitto_subscribe(c->mosq, NULL, topic, qos);
}

int CMosquittoLoader_publish(CMosquittoLoader_client *c, const char *topic, const void *payload, int length, int qos, int retain,
                             int *mid) {
    return p_mosquitto_publish(c->mosq, mid, topic, length, payload, qos, retain ? 1 : 0);
}

void CMosquittoLoader_close(CMosquittoLoader_client *c, const char *topic, const char *payload) {
    if (topic) p_mosquitto_publish(c->mosq, NULL, topic, (int)strlen(payload), payload, 1, 1);
    p_mosquitto_disconnect(c->mosq);
    p_mosquitto_loop_stop(c->mosq, 0);
    p_mosquitto_destroy(c->mosq);
    free(c);
}

const char *CMosquittoLoader_error(int code) {
    return p_mosquitto_strerror ? p_mosquitto_strerror(code) : "";
}
