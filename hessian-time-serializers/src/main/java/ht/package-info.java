/**
 * The wire namespace of hessian-time's compact format: one marker class per java.time type, whose fully qualified
 * name is written into Hessian class definitions. Each declares the format's field names as {@code long}s and is
 * never instantiated by hessian-time: a stock reader that has this jar but not hessian-time's factory then fails on
 * the binary payload instead of returning an empty marker.
 *
 * <p>These names are part of the wire format and never change. They are this short on purpose: a class definition
 * is written once per stream, and every Dubbo message is a fresh stream, so each character costs a byte in every
 * message that carries the type. A reader without hessian-time cannot load them, which is what makes an old peer
 * fail visibly instead of decoding a wrong time.
 *
 * <p>Internal to hessian-time: names on the wire, not API; nothing but hessian-time's readers and writers uses them.
 */
package ht;
