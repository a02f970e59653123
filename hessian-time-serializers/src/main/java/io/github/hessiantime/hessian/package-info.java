/**
 * The hessian-lite layer: hessian-time's formats as hessian-lite streams carry them. {@code WireType} lists the types
 * and names each one's formats: the payload layer's compact payload, framed by {@code BinaryPayload}; hessian-lite's
 * handle ({@code HandleFormat}) and {@code compactMode} ({@code CompactModeFormat}) formats; and the inline field
 * values ({@code InlineValue}). What hessian-lite calls, serializers, readers and inline beans, is in {@code ser},
 * {@code deser} and {@code inline}. It depends on hessian-lite and the payload layer, never on the Dubbo glue, which
 * sits on top.
 *
 * <p>Internal to hessian-time: public only because its packages and the Dubbo glue use each other's classes; it may
 * change in any release.
 */
package io.github.hessiantime.hessian;
