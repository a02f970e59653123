package io.github.hessiantime.hessian.inline;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.reflect.Constructor;
import java.lang.reflect.Method;

/**
 * A record's components and its canonical constructor, reached by reflection: the library is Java 8 bytecode, and
 * records exist from Java 16 ({@code Class.getRecordComponents}, {@code RecordComponent}), as hessian-lite 4.0.x
 * reaches them too. A record is built only through its canonical constructor, never by writing its final fields.
 */
final class RecordShape {
    private static final MethodHandle COMPONENTS = method(Class.class, "getRecordComponents");
    private static final MethodHandle NAME = method(componentClass(), "getName");
    private static final MethodHandle TYPE = method(componentClass(), "getType");
    private static final MethodHandle ACCESSOR = method(componentClass(), "getAccessor");

    final String[] names;
    final Class<?>[] types;
    final Method[] accessors;
    final Constructor<?> canonical;

    private RecordShape(String[] names, Class<?>[] types, Method[] accessors, Constructor<?> canonical) {
        this.names = names;
        this.types = types;
        this.accessors = accessors;
        this.canonical = canonical;
    }

    /** The shape of record {@code cl} ({@link BeanShape#isRecord}), its constructor and accessors opened. */
    static RecordShape of(Class<?> cl) {
        try {
            Object[] components = (Object[]) COMPONENTS.invoke(cl);
            String[] names = new String[components.length];
            Class<?>[] types = new Class<?>[components.length];
            Method[] accessors = new Method[components.length];
            for (int i = 0; i < components.length; i++) {
                names[i] = (String) NAME.invoke(components[i]);
                types[i] = (Class<?>) TYPE.invoke(components[i]);
                accessors[i] = (Method) ACCESSOR.invoke(components[i]);
                accessors[i].setAccessible(true);
            }
            Constructor<?> canonical = cl.getDeclaredConstructor(types);
            canonical.setAccessible(true);
            return new RecordShape(names, types, accessors, canonical);
        } catch (Throwable e) {
            throw new IllegalStateException("record " + cl.getName() + " cannot be opened: " + e, e);
        }
    }

    /** The component called {@code name}, or -1. */
    int indexOf(String name) {
        for (int i = 0; i < names.length; i++) {
            if (names[i].equals(name)) {
                return i;
            }
        }
        return -1;
    }

    private static Class<?> componentClass() {
        try {
            return Class.forName("java.lang.reflect.RecordComponent");
        } catch (ClassNotFoundException e) {
            return null;
        }
    }

    private static MethodHandle method(Class<?> owner, String name) {
        if (owner == null) {
            return null;
        }
        try {
            return MethodHandles.publicLookup().unreflect(owner.getMethod(name));
        } catch (ReflectiveOperationException e) {
            return null;    // before Java 16: BeanShape.isRecord is false for every class, so these are never used
        }
    }
}
