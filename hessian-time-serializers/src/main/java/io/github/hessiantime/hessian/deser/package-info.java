/**
 * The hessian layer's readers, one per kind of class definition a stream can hold for a java.time value, so each type
 * has three, chosen by the definition's type name: {@code ht.Instant} and the other wire names go to the compact
 * format's reader; {@code com.alibaba.com.caucho.hessian.io.java8.InstantHandle} and the like to the handle format's
 * (what stock hessian-lite writes); the java.time class name itself, {@code java.time.LocalDate} for example, to the
 * reader of hessian-lite's {@code compactMode} objects. Also the stream {@code hessian2-time} reads with
 * ({@link io.github.hessiantime.hessian.deser.FastStringHessian2Input}: strings decoded at once, class definitions
 * recognised by their bytes through each factory's
 * {@link io.github.hessiantime.hessian.deser.ClassDefinitionCache}). Depends on hessian-lite, the payload layer and the
 * rest of the hessian layer. Internal: not part of the public API; it may change in any release.
 */
package io.github.hessiantime.hessian.deser;
