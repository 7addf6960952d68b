// GStreamer for Swift: the library's own headers, and the few calls Swift cannot make
// itself: variadic g_object_set and g_object_get, and the GObject and GStreamer macros.
#ifndef BACKGROUNDER_CGSTREAMER_H
#define BACKGROUNDER_CGSTREAMER_H

#include <gst/gst.h>

/// Sets a string property (g_object_set is variadic).
static inline void cgst_set_string(gpointer object, const char *name, const char *value) {
    g_object_set(object, name, value, NULL);
}

/// Sets an object property, e.g. playbin's audio-sink.
static inline void cgst_set_object(gpointer object, const char *name, gpointer value) {
    g_object_set(object, name, value, NULL);
}

/// Sets an int or flags property, e.g. playbin's flags.
static inline void cgst_set_int(gpointer object, const char *name, gint value) {
    g_object_set(object, name, value, NULL);
}

/// Sets a boolean property, e.g. fakesink's sync.
static inline void cgst_set_bool(gpointer object, const char *name, gboolean value) {
    g_object_set(object, name, value, NULL);
}

/// Connects playbin's about-to-finish signal, emitted on a streaming thread; `release`
/// runs when the connection goes away with the element.
static inline void cgst_connect_about_to_finish(
    GstElement *playbin, void (*handler)(GstElement *, gpointer), gpointer data, GClosureNotify release) {
    g_signal_connect_data(playbin, "about-to-finish", G_CALLBACK(handler), data, release, (GConnectFlags)0);
}

/// The "uri" of `object` or of its nearest ancestor below the pipeline that has one: for the
/// source of an error inside playbin, the URI of the stream that failed. NULL if there is
/// none; free it with g_free.
static inline gchar *cgst_stream_uri(GstObject *object) {
    for (GstObject *current = object; current != NULL && !GST_IS_PIPELINE(current); current = GST_OBJECT_PARENT(current)) {
        GParamSpec *spec = g_object_class_find_property(G_OBJECT_GET_CLASS(current), "uri");
        if (spec != NULL && G_PARAM_SPEC_VALUE_TYPE(spec) == G_TYPE_STRING) {
            gchar *uri = NULL;
            g_object_get(current, "uri", &uri, NULL);
            return uri;
        }
    }
    return NULL;
}

#endif
