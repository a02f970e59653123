/**
 * Beans in the {@code SerializerFactory}s hessian-time makes. Every bean is read by the type-safe {@code BeanReader}
 * (each value checked against its field's declared type when it is set, a value that does not fit handed to
 * {@code TimeMigration}: a date-time converted, anything else an error naming the field), in place of hessian-lite's
 * own bean reader. For streams whose every reader has hessian-time ({@code hessian2-time}), a bean or record whose
 * fields are declared as a java.time type other than {@code ZoneId}, or that has a field a subclass's field hides, is
 * written with those fields as plain Hessian values under a marked class definition that any other reader fails on.
 * The format is specified in docs/wire-format.md, "Inline fields", and the reader's rules in its section 4.2 and 4.3.
 * In those streams the other beans that hessian-lite 4.0.x writes itself ({@code UnsafeSerializer}) keep hessian-lite's
 * serializer, their class definitions copied from bytes encoded once ({@code StockBeanSerializer}): the same bytes.
 *
 * Part of the hessian layer: depends on hessian-lite and the rest of that layer.
 *
 * <p>Internal to hessian-time: not part of its public API. These classes are public only because {@code ser.TimeFirst},
 * through which the plain factory and the Dubbo glue both ask hessian-time first, hooks them in; they may change in
 * any release.
 */
package io.github.hessiantime.hessian.inline;
