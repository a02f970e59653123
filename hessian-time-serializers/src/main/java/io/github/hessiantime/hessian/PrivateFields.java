package io.github.hessiantime.hessian;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;

/**
 * hessian-lite's private fields that hessian-time reads or writes where hessian-lite offers no method (its stream
 * buffers, its identity maps), opened for method handles. Each user checks the field's type here, so a hessian-lite
 * whose fields differ is found when the class loads and the user falls back to hessian-lite's own behaviour.
 *
 * <p>Internal: not part of hessian-time's public API.
 */
public final class PrivateFields {
    private PrivateFields() {
    }

    /**
     * The instance field {@code name} of {@code owner}, of exactly {@code type}, made accessible; a
     * {@code NoSuchFieldException} where there is none, and the JVM's exception where it refuses to open it.
     */
    public static Field instanceField(Class<?> owner, String name, Class<?> type) throws NoSuchFieldException {
        Field field = owner.getDeclaredField(name);
        if (field.getType() != type || Modifier.isStatic(field.getModifiers())) {
            throw new NoSuchFieldException(owner.getName() + "." + name + " is not an instance field of type "
                    + type.getSimpleName());
        }
        field.setAccessible(true);
        return field;
    }
}
