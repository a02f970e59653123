package io.github.hessiantime.hessian.inline;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.Method;

/**
 * A record's components and its canonical constructor, reached by reflection: the library is Java 8 bytecode, and
 * records exist from Java 16 ({@code Class.getRecordComponents}, {@code RecordComponent}), as hessian-lite 4.0.x
 * reaches them too. A record is built only through its canonical constructor, never by writing its final fields.
 */
final class RecordShape {
    // well under a method handle's 255 parameter slots; a larger record reads its fields one by one
    private static final int MAX_COMPONENTS_IN_ONE_HANDLE = 64;
    /** The most components {@link #construct} takes: {@code BeanReader} calls it with one call per arity. */
    static final int MAX_DIRECT_COMPONENTS = 10;

    final String[] names;
    final Class<?>[] types;
    // the canonical constructor as (Object[])Object: records read from a map, from a definition whose fields are not
    // the components in their order, or of more components than construct takes
    final MethodHandle make;
    // the canonical constructor as (Object, ..., Object)Object, one parameter per component, where there are at most
    // MAX_DIRECT_COMPONENTS; else null. Called with the values themselves, no array: a page's records are read
    // without an arguments array each (issue 30). Its conversions are make's: asSpreader converts as asType does.
    final MethodHandle construct;

    private RecordShape(String[] names, Class<?>[] types, Constructor<?> canonical)
            throws IllegalAccessException {
        this.names = names;
        this.types = types;
        MethodHandle constructor = MethodHandles.lookup().unreflectConstructor(canonical);
        this.make = constructor.asSpreader(Object[].class, types.length)
                .asType(MethodType.methodType(Object.class, Object[].class));
        this.construct = types.length <= MAX_DIRECT_COMPONENTS
                ? constructor.asType(MethodType.genericMethodType(types.length)) : null;
    }

    /** A new record of these component values (of the components' types, primitives boxed). */
    Object make(Object[] values) throws Throwable {
        return (Object) make.invokeExact(values);
    }

    /**
     * One method handle, {@code (Object)Object[]}, that reads these fields of a record at once, primitives boxed; null
     * where there are too many for one handle. Why one handle: a record's fields are read by reflection (Unsafe
     * refuses them), and a {@code Field.get} or getter handle per field is a megamorphic call per field (about six
     * times Unsafe's cost); one handle per record class is one such call per record, and once called often the JVM
     * compiles it with every field read inline (method handle customisation). {@code fields} must be opened. Null too
     * where the handle cannot be made: the fields are then read one by one, the bytes the same.
     */
    static MethodHandle componentReader(Field[] fields) {
        if (fields.length == 0 || fields.length > MAX_COMPONENTS_IN_ONE_HANDLE) {
            return null;
        }
        try {
            MethodHandles.Lookup lookup = MethodHandles.lookup();
            MethodHandle[] getters = new MethodHandle[fields.length];
            for (int i = 0; i < fields.length; i++) {
                getters[i] = lookup.unreflectGetter(fields[i])
                        .asType(MethodType.methodType(Object.class, Object.class));
            }
            MethodHandle collect = MethodHandles.identity(Object[].class).asCollector(Object[].class, fields.length);
            // (Object record, ..., Object record)Object[], then the one record passed to every getter
            return MethodHandles.permuteArguments(MethodHandles.filterArguments(collect, 0, getters),
                    MethodType.methodType(Object[].class, Object.class), new int[fields.length]);
        } catch (IllegalAccessException | RuntimeException e) {
            return null;    // an optimisation only: the field-by-field writers stay
        }
    }

    /**
     * The shape of record {@code cl} ({@link BeanShape#isRecord}), its canonical constructor opened. Looked up
     * once per record class, so the JDK's record API is looked up here too rather than kept in static fields.
     */
    static RecordShape of(Class<?> cl) {
        try {
            Object[] components = (Object[]) Class.class.getMethod("getRecordComponents").invoke(cl);
            Class<?> component = Class.forName("java.lang.reflect.RecordComponent");
            Method name = component.getMethod("getName");
            Method type = component.getMethod("getType");
            String[] names = new String[components.length];
            Class<?>[] types = new Class<?>[components.length];
            for (int i = 0; i < components.length; i++) {
                names[i] = (String) name.invoke(components[i]);
                types[i] = (Class<?>) type.invoke(components[i]);
            }
            Constructor<?> canonical = cl.getDeclaredConstructor(types);
            canonical.setAccessible(true);
            return new RecordShape(names, types, canonical);
        } catch (ReflectiveOperationException | RuntimeException e) {
            throw new IllegalStateException("record " + cl.getName() + " cannot be opened: " + e, e);
        }
    }
}
