/**
 * Dubbo integration: the {@code hessian2-time} serialization, negotiated through {@code prefer-serialization}.
 * Dubbo is an optional dependency; nothing here is loaded unless Dubbo loads the SPI files. The top layer: built on
 * the public factory and the hessian layer, and nothing else in hessian-time refers to it.
 */
package io.github.hessiantime.dubbo;
