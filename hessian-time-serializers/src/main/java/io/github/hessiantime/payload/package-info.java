/**
 * The payload layer: the compact bytes of each java.time type, one {@link io.github.hessiantime.payload.PayloadCodec}
 * per type built from the shared field forms, read through a {@link io.github.hessiantime.payload.PayloadReader}.
 * Hessian-free: it depends on java.time and the public {@code TimeDecodingException} only, and names no class of
 * hessian-lite (a test reads the class files for it). The hessian layer frames these payloads in Hessian streams.
 *
 * <p>Internal to hessian-time, like every package but the API ones: public only for the hessian layer above it; it may
 * change in any release.
 */
package io.github.hessiantime.payload;
