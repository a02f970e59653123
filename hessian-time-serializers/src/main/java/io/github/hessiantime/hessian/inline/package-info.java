/**
 * Inline java.time fields for streams whose every reader has hessian-time ({@code hessian2-time}): a bean whose
 * fields are declared {@code Instant}, {@code LocalDateTime}, {@code LocalDate} or {@code LocalTime} is written with
 * those fields as plain Hessian values, the way hessian-lite writes a {@code Date} field, under a marked class
 * definition that any other reader fails on. The format is specified in docs/wire-format.md, "Inline fields".
 *
 * Part of the hessian layer: depends on hessian-lite and the rest of that layer.
 *
 * <p>Internal to hessian-time: not part of its public API. These classes are public only because {@code ser.TimeFirst},
 * through which the plain factory and the Dubbo glue both ask hessian-time first, hooks them in; they may change in
 * any release.
 */
package io.github.hessiantime.hessian.inline;
