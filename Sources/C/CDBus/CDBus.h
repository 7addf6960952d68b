// libdbus-1 for Swift: the library's own header, and its type codes, which are macros of
// character casts that Swift does not import.
#ifndef BACKGROUNDER_CDBUS_H
#define BACKGROUNDER_CDBUS_H

#include <dbus/dbus.h>

/// The message types (DBUS_MESSAGE_TYPE_*).
static const int cdbus_message_method_call = DBUS_MESSAGE_TYPE_METHOD_CALL;
static const int cdbus_message_method_return = DBUS_MESSAGE_TYPE_METHOD_RETURN;
static const int cdbus_message_error = DBUS_MESSAGE_TYPE_ERROR;
static const int cdbus_message_signal = DBUS_MESSAGE_TYPE_SIGNAL;

/// dbus_bus_request_name's answer when the name is ours.
static const int cdbus_request_name_primary_owner = DBUS_REQUEST_NAME_REPLY_PRIMARY_OWNER;
/// dbus_bus_request_name's flag: fail rather than queue for a name another connection owns.
static const unsigned int cdbus_name_flag_do_not_queue = DBUS_NAME_FLAG_DO_NOT_QUEUE;

#endif
