/**
 * Dubbo integration: the {@code hessian2-time} serialization, negotiated through {@code prefer-serialization}.
 * Dubbo is an optional dependency; nothing here is loaded unless Dubbo loads the SPI files.
 */
package io.github.hessiantime.dubbo;
