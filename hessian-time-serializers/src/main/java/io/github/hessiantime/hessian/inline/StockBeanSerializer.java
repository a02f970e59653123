package io.github.hessiantime.hessian.inline;

import com.alibaba.com.caucho.hessian.io.AbstractHessianOutput;
import com.alibaba.com.caucho.hessian.io.AbstractSerializer;
import com.alibaba.com.caucho.hessian.io.Hessian2Output;
import com.alibaba.com.caucho.hessian.io.Serializer;
import io.github.hessiantime.hessian.EncodedClassDefinition;

import java.io.IOException;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Field;

import static io.github.hessiantime.hessian.PrivateFields.instanceField;

/**
 * hessian-lite 4.0.x's own bean serializer ({@code UnsafeSerializer}) for a class that hessian-time does not write
 * inline, with its class definition copied from bytes encoded once ({@link EncodedClassDefinition}) instead of
 * encoded again in every message. Everything else is hessian-lite's, call for call: the reference slot
 * ({@code addRef}), then the definition where the stream has not written it and the instance's reference to it (what
 * {@code UnsafeSerializer.writeObject} writes through {@code writeObjectBegin} and {@code writeDefinition20}), then
 * the fields ({@code UnsafeSerializer.writeInstance}). The definition's field names are the serializer's own fields, in
 * its order, so the bytes are the ones it writes; only in {@code hessian2-time} streams (the factory writes inline).
 *
 * <p>hessian-lite 3.2.x has no {@code UnsafeSerializer} (its bean serializer is {@code JavaSerializer}): there, and
 * wherever its fields cannot be reached, hessian-lite's serializer is used as it is. The class is reached by name
 * only, so that nothing here names a class one hessian-lite line lacks ({@code HessianLiteLinkageTest}).
 */
final class StockBeanSerializer extends AbstractSerializer {
    private static final String UNSAFE_SERIALIZER = "com.alibaba.com.caucho.hessian.io.UnsafeSerializer";
    // UnsafeSerializer.writeInstance(Object, AbstractHessianOutput), as (Serializer, Object, AbstractHessianOutput)
    private static final MethodHandle WRITE_INSTANCE;
    // UnsafeSerializer._fields, as (Serializer)Field[]
    private static final MethodHandle FIELDS;

    static {
        MethodHandle writeInstance = null;
        MethodHandle fields = null;
        try {
            Class<?> unsafeSerializer = Class.forName(UNSAFE_SERIALIZER, false, Serializer.class.getClassLoader());
            writeInstance = MethodHandles.publicLookup().findVirtual(unsafeSerializer, "writeInstance",
                    MethodType.methodType(void.class, Object.class, AbstractHessianOutput.class))
                    .asType(MethodType.methodType(void.class, Serializer.class, Object.class,
                            AbstractHessianOutput.class));
            fields = MethodHandles.lookup().unreflectGetter(instanceField(unsafeSerializer, "_fields", Field[].class))
                    .asType(MethodType.methodType(Field[].class, Serializer.class));
        } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
            writeInstance = null;   // hessian-lite 3.2.x, another build of it, or a JVM that refuses
        }
        WRITE_INSTANCE = fields != null ? writeInstance : null;
        FIELDS = fields;
    }

    private final Serializer stock;
    private final EncodedClassDefinition definition;

    private StockBeanSerializer(Serializer stock, EncodedClassDefinition definition) {
        this.stock = stock;
        this.definition = definition;
    }

    /**
     * {@code stock} with its class definition copied, where {@code stock} is hessian-lite's {@code UnsafeSerializer}
     * (exactly: a subclass may write otherwise) and its fields are reachable; {@code null} otherwise.
     */
    static StockBeanSerializer wrapping(Class<?> cl, Serializer stock) {
        if (WRITE_INSTANCE == null || !stock.getClass().getName().equals(UNSAFE_SERIALIZER)) {
            return null;
        }
        Field[] fields;
        try {
            fields = (Field[]) FIELDS.invokeExact(stock);
        } catch (Throwable e) {
            return null;    // a field getter throws nothing of its own
        }
        String[] names = new String[fields.length];
        for (int i = 0; i < fields.length; i++) {
            names[i] = fields[i].getName();
        }
        return new StockBeanSerializer(stock, EncodedClassDefinition.of(cl.getName(), names));
    }

    @Override
    public void writeObject(Object obj, AbstractHessianOutput out) throws IOException {
        if (!(out instanceof Hessian2Output)) {
            stock.writeObject(obj, out);    // Hessian 1 streams write beans as maps
            return;
        }
        if (out.addRef(obj)) {
            return;
        }
        definition.writeInstanceBegin((Hessian2Output) out);
        try {
            WRITE_INSTANCE.invokeExact(stock, obj, out);
        } catch (IOException | RuntimeException | Error e) {
            throw e;
        } catch (Throwable e) {
            throw new IOException("hessian2-time cannot write " + obj.getClass().getName(), e);
        }
    }
}
