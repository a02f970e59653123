package io.github.hessiantime.hessian.ser;

import com.alibaba.com.caucho.hessian.io.Hessian2Output;
import com.alibaba.com.caucho.hessian.util.IdentityIntMap;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Field;

import static io.github.hessiantime.hessian.PrivateFields.instanceField;

/**
 * hessian-lite 4.0.x's {@code Hessian2Output} buffer (bytes and write position) and class-definition map (and its
 * {@code put}), for a stream
 * that copies a whole encoded class definition into its buffer ({@link TimeFirstHessian2Output#writeInstanceBegin}).
 * Reached through constant method handles, which the JIT compiles to plain field accesses. {@link #REACHABLE} is false
 * on hessian-lite 3.2.x (class definitions in a {@code HashMap}), another build of hessian-lite, or a JVM that refuses
 * the access: the stream then writes definitions through hessian-lite's own calls.
 */
final class Hessian2OutputBuffer {
    static final boolean REACHABLE;
    private static final MethodHandle BYTES;
    private static final MethodHandle OFFSET;
    private static final MethodHandle SET_OFFSET;
    private static final MethodHandle CLASS_DEFINITIONS;
    // IdentityIntMap.put(Object, int, boolean): 4.0.x's only (HessianLiteLinkageTest), so reached by a handle too
    private static final MethodHandle PUT;

    static {
        MethodHandle bytes = null;
        MethodHandle offset = null;
        MethodHandle setOffset = null;
        MethodHandle classDefinitions = null;
        MethodHandle put = null;
        try {
            MethodHandles.Lookup lookup = MethodHandles.lookup();
            bytes = lookup.unreflectGetter(instanceField(Hessian2Output.class, "_buffer", byte[].class));
            Field offsetField = instanceField(Hessian2Output.class, "_offset", int.class);
            offset = lookup.unreflectGetter(offsetField);
            setOffset = lookup.unreflectSetter(offsetField);
            classDefinitions = lookup.unreflectGetter(
                    instanceField(Hessian2Output.class, "_classRefs", IdentityIntMap.class));
            put = lookup.findVirtual(IdentityIntMap.class, "put",
                    MethodType.methodType(int.class, Object.class, int.class, boolean.class));
        } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
            classDefinitions = null;    // hessian-lite 3.2.x, another build of it, or a JVM that refuses
        }
        REACHABLE = classDefinitions != null && put != null;
        BYTES = bytes;
        OFFSET = offset;
        SET_OFFSET = setOffset;
        CLASS_DEFINITIONS = classDefinitions;
        PUT = put;
    }

    private Hessian2OutputBuffer() {
    }

    static byte[] bytes(Hessian2Output out) {
        try {
            return (byte[]) BYTES.invokeExact(out);
        } catch (Throwable e) {
            throw unexpected(e);
        }
    }

    static int offset(Hessian2Output out) {
        try {
            return (int) OFFSET.invokeExact(out);
        } catch (Throwable e) {
            throw unexpected(e);
        }
    }

    static void setOffset(Hessian2Output out, int offset) {
        try {
            SET_OFFSET.invokeExact(out, offset);
        } catch (Throwable e) {
            throw unexpected(e);
        }
    }

    static IdentityIntMap classDefinitions(Hessian2Output out) {
        try {
            return (IdentityIntMap) CLASS_DEFINITIONS.invokeExact(out);
        } catch (Throwable e) {
            throw unexpected(e);
        }
    }

    /** {@code map.put(key, value, false)}: the value already kept for {@code key}, else {@code value}, now kept. */
    static int put(IdentityIntMap map, Object key, int value) {
        try {
            return (int) PUT.invokeExact(map, key, value, false);
        } catch (Throwable e) {
            throw unexpected(e);
        }
    }

    // field accessors and IdentityIntMap.put throw nothing of their own
    private static IllegalStateException unexpected(Throwable e) {
        return new IllegalStateException("cannot reach a Hessian2Output's buffer", e);
    }
}
