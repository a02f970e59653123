/**
 * The hessian layer's readers, one per kind of class definition: the compact format, hessian-lite's handle format,
 * and the java.time class itself (hessian-lite's {@code compactMode}). Depends on hessian-lite, the payload layer and
 * the rest of the hessian layer. Internal: not part of the public API; it may change in any release.
 */
package io.github.hessiantime.hessian.deser;
