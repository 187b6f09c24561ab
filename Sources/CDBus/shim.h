#ifndef A11Y_CDBUS_SHIM_H
#define A11Y_CDBUS_SHIM_H
// libdbus-1, seen from Swift: the few calls of a D-Bus client that asks a screen reader's
// service to speak (Orca 49 and later). Only Sources/A11yDevices imports this module.
//
// libdbus-1 is loaded when the session bus is first asked (a graphical session with
// DBUS_SESSION_BUS_ADDRESS set), not linked: a program without a D-Bus session never maps it.
//
// The declarations below are libdbus-1.so.3's public API as its headers (libdbus-1-dev,
// <dbus/dbus.h>) declare it. They are declared here rather than included because those headers
// need two include directories (/usr/include/dbus-1.0 and the architecture's
// /usr/lib/<triplet>/dbus-1.0/include) that a system-library module cannot name without
// pkg-config, and pkg-config would link the library. scripts/check-dbus-declarations.sh compiles
// this file together with the real headers: a declaration that differs from libdbus's fails it.
#include <stdint.h>
#include <stdlib.h>
#include <time.h>
#include "../CSystem/lazy_library.h"

#if !defined(DBUS_H) || defined(A11Y_DBUS_CHECK_DECLARATIONS)
typedef uint32_t dbus_bool_t;
typedef uint32_t dbus_uint32_t;
typedef struct DBusConnection DBusConnection;
typedef struct DBusMessage DBusMessage;
typedef struct DBusPendingCall DBusPendingCall;
typedef struct DBusError DBusError;
DBusConnection *dbus_connection_open_private(const char *address, DBusError *error);
void dbus_connection_close(DBusConnection *connection);
void dbus_connection_unref(DBusConnection *connection);
void dbus_connection_set_exit_on_disconnect(DBusConnection *connection, dbus_bool_t exit_on_disconnect);
dbus_bool_t dbus_connection_read_write(DBusConnection *connection, int timeout_milliseconds);
dbus_bool_t dbus_connection_get_is_authenticated(DBusConnection *connection);
dbus_bool_t dbus_connection_send_with_reply(DBusConnection *connection, DBusMessage *message,
                                            DBusPendingCall **pending_return, int timeout_milliseconds);
void dbus_pending_call_block(DBusPendingCall *pending);
DBusMessage *dbus_pending_call_steal_reply(DBusPendingCall *pending);
void dbus_pending_call_unref(DBusPendingCall *pending);
DBusMessage *dbus_message_new_method_call(const char *bus_name, const char *path, const char *iface, const char *method);
void dbus_message_unref(DBusMessage *message);
int dbus_message_get_type(DBusMessage *message);
const char *dbus_message_get_error_name(DBusMessage *message);
dbus_bool_t dbus_message_append_args(DBusMessage *message, int first_arg_type, ...);
dbus_bool_t dbus_message_get_args(DBusMessage *message, DBusError *error, int first_arg_type, ...);
#endif
#ifndef DBUS_H
#define DBUS_TYPE_INVALID ((int)'\0')
#define DBUS_TYPE_BOOLEAN ((int)'b')
#define DBUS_TYPE_UINT32 ((int)'u')
#define DBUS_TYPE_STRING ((int)'s')
#define DBUS_MESSAGE_TYPE_ERROR 3
#endif

#define A11Y_DBUS_FUNCTIONS(X) \
    X(dbus_connection_open_private) X(dbus_connection_close) X(dbus_connection_unref) \
    X(dbus_connection_set_exit_on_disconnect) X(dbus_connection_read_write) X(dbus_connection_get_is_authenticated) \
    X(dbus_connection_send_with_reply) X(dbus_pending_call_block) \
    X(dbus_pending_call_steal_reply) X(dbus_pending_call_unref) X(dbus_message_new_method_call) \
    X(dbus_message_unref) X(dbus_message_get_type) X(dbus_message_get_error_name) X(dbus_message_append_args) \
    X(dbus_message_get_args)
A11Y_LAZY_LIBRARY(dbus, "libdbus-1.so.3", A11Y_DBUS_FUNCTIONS)
#define A11Y_DBUS_FUNCTIONS_OF a11y_dbus_functions()

// Why libdbus-1 could not be loaded, or NULL when it is loaded (loads it).
static inline const char *a11y_dbus_library_error(void) { return a11y_dbus_load_error(); }

// A private connection to the bus at `address`, authenticated within `timeout_ms`; NULL when it
// cannot be made or the bus does not authenticate it in time (the bus's Hello is not sent here:
// the caller sends it with a timeout of its own). Never exits the program when the bus goes away.
//
// libdbus waits for the authentication without a limit when a call blocks before it is done
// (dbus_pending_call_block polls with no timeout then: a stopped bus would hold the caller for
// ever); dbus_connection_read_write keeps to its timeout, so the authentication is waited for
// here, in steps, until the deadline.
static inline DBusConnection *a11y_dbus_open(const char *address, int timeout_ms) {
    const struct a11y_dbus_table *f = A11Y_DBUS_FUNCTIONS_OF;
    if (!f->library || !f->dbus_connection_read_write || !f->dbus_connection_get_is_authenticated) return NULL;
    DBusConnection *connection = f->dbus_connection_open_private(address, NULL);
    if (!connection) return NULL;
    f->dbus_connection_set_exit_on_disconnect(connection, 0);
    struct timespec start, now;
    clock_gettime(CLOCK_MONOTONIC, &start);
    while (!f->dbus_connection_get_is_authenticated(connection)) {
        clock_gettime(CLOCK_MONOTONIC, &now);
        long elapsed = (now.tv_sec - start.tv_sec) * 1000 + (now.tv_nsec - start.tv_nsec) / 1000000;
        if (elapsed >= timeout_ms || !f->dbus_connection_read_write(connection, (int)(timeout_ms - elapsed))) {
            f->dbus_connection_close(connection);
            f->dbus_connection_unref(connection);
            return NULL;
        }
    }
    return connection;
}

// Closes and releases a connection from a11y_dbus_open.
static inline void a11y_dbus_close(DBusConnection *connection) {
    const struct a11y_dbus_table *f = A11Y_DBUS_FUNCTIONS_OF;
    if (!connection || !f->dbus_connection_close || !f->dbus_connection_unref) return;
    f->dbus_connection_close(connection);
    f->dbus_connection_unref(connection);
}

// Calls `method` and waits at most `timeout_ms` for its reply: the reply (a method return, or an
// error reply: org.freedesktop.DBus.Error.NoReply when the time ran out), to release with
// a11y_dbus_release; NULL when the call could not be sent (the connection is closed). The
// arguments follow `signature`: "" none, "s" `text`, "b" `flag`, "sb" both.
static inline DBusMessage *a11y_dbus_call(DBusConnection *connection, const char *destination, const char *path,
                                          const char *interface, const char *method, const char *signature,
                                          const char *text, int flag, int timeout_ms) {
    const struct a11y_dbus_table *f = A11Y_DBUS_FUNCTIONS_OF;
    if (!connection || !f->library) return NULL;
    DBusMessage *message = f->dbus_message_new_method_call(destination, path, interface, method);
    if (!message) return NULL;
    dbus_bool_t value = flag ? 1 : 0;
    dbus_bool_t appended = 1;
    if (signature[0] == 's' && signature[1] == 'b') {
        appended = f->dbus_message_append_args(message, DBUS_TYPE_STRING, &text, DBUS_TYPE_BOOLEAN, &value, DBUS_TYPE_INVALID);
    } else if (signature[0] == 's') {
        appended = f->dbus_message_append_args(message, DBUS_TYPE_STRING, &text, DBUS_TYPE_INVALID);
    } else if (signature[0] == 'b') {
        appended = f->dbus_message_append_args(message, DBUS_TYPE_BOOLEAN, &value, DBUS_TYPE_INVALID);
    }
    DBusPendingCall *pending = NULL;
    dbus_bool_t sent = appended && f->dbus_connection_send_with_reply(connection, message, &pending, timeout_ms);
    f->dbus_message_unref(message);
    if (!sent || !pending) return NULL;
    f->dbus_pending_call_block(pending);
    DBusMessage *reply = f->dbus_pending_call_steal_reply(pending);
    f->dbus_pending_call_unref(pending);
    return reply;
}

// Releases a reply.
static inline void a11y_dbus_release(DBusMessage *reply) {
    const struct a11y_dbus_table *f = A11Y_DBUS_FUNCTIONS_OF;
    if (reply && f->dbus_message_unref) f->dbus_message_unref(reply);
}

// The error's name when `reply` is an error reply, else NULL (the text lives as long as the reply).
static inline const char *a11y_dbus_error_name(DBusMessage *reply) {
    const struct a11y_dbus_table *f = A11Y_DBUS_FUNCTIONS_OF;
    if (f->dbus_message_get_type(reply) != DBUS_MESSAGE_TYPE_ERROR) return NULL;
    const char *name = f->dbus_message_get_error_name(reply);
    return name ? name : "";
}

// The reply's first argument as a string (an error reply's message too), NULL when it is not one.
static inline const char *a11y_dbus_reply_string(DBusMessage *reply) {
    const char *text = NULL;
    return A11Y_DBUS_FUNCTIONS_OF->dbus_message_get_args(reply, NULL, DBUS_TYPE_STRING, &text, DBUS_TYPE_INVALID) ? text : NULL;
}

// The reply's first argument as a boolean (1 or 0), -1 when it is not one.
static inline int a11y_dbus_reply_bool(DBusMessage *reply) {
    dbus_bool_t value = 0;
    return A11Y_DBUS_FUNCTIONS_OF->dbus_message_get_args(reply, NULL, DBUS_TYPE_BOOLEAN, &value, DBUS_TYPE_INVALID) ? (value != 0) : -1;
}

// The reply's first argument as an unsigned 32-bit number, -1 when it is not one.
static inline int64_t a11y_dbus_reply_uint32(DBusMessage *reply) {
    dbus_uint32_t value = 0;
    return A11Y_DBUS_FUNCTIONS_OF->dbus_message_get_args(reply, NULL, DBUS_TYPE_UINT32, &value, DBUS_TYPE_INVALID) ? value : -1;
}
#endif
