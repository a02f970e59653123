/**
 * The hessian layer's writing side: the compact serializer, and the "ask hessian-time first" plumbing that every
 * hessian-time {@code SerializerFactory} and output stream shares. Depends on hessian-lite, the payload layer and
 * the rest of the hessian layer. Internal: not part of the public API; it may change in any release.
 */
package io.github.hessiantime.hessian.ser;
