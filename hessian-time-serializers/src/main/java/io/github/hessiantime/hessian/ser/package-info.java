/**
 * Internal to hessian-time: not part of its public API, which is {@link io.github.hessiantime.JavaTimeSerializerFactory}
 * and {@link io.github.hessiantime.TimeDecodingException}. These classes are public only because they are used across
 * packages; they may change in any release.
 */
package io.github.hessiantime.hessian.ser;
