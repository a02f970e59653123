package io.github.hessiantime.hessian.inline;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Constructor;
import java.lang.reflect.Method;

/**
 * A record's components and its canonical constructor, reached by reflection: the library is Java 8 bytecode, and
 * records exist from Java 16 ({@code Class.getRecordComponents}, {@code RecordComponent}), as hessian-lite 4.0.x
 * reaches them too. A record is built only through its canonical constructor, never by writing its final fields.
 */
final class RecordShape {
    final String[] names;
    final Class<?>[] types;
    // the canonical constructor as (Object[])Object: every record read goes through it
    final MethodHandle make;

    private RecordShape(String[] names, Class<?>[] types, Constructor<?> canonical)
            throws IllegalAccessException {
        this.names = names;
        this.types = types;
        this.make = MethodHandles.lookup().unreflectConstructor(canonical).asSpreader(Object[].class, types.length)
                .asType(MethodType.methodType(Object.class, Object[].class));
    }

    /** A new record of these component values (of the components' types, primitives boxed). */
    Object make(Object[] values) throws Throwable {
        return (Object) make.invokeExact(values);
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
