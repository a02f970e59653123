package io.github.hessiantime.dubbo;

import com.alibaba.com.caucho.hessian.io.Hessian2Input;
import com.alibaba.com.caucho.hessian.io.HessianProtocolException;
import com.alibaba.com.caucho.hessian.io.SerializerFactory;
import io.github.hessiantime.hessian.deser.FastStringHessian2Input;
import org.apache.dubbo.common.serialize.Cleanable;
import org.apache.dubbo.common.serialize.ObjectInput;
import org.apache.dubbo.common.serialize.hessian2.Hessian2FactoryManager;

import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.Type;
import java.util.Objects;

/**
 * The {@code hessian2-time} reader: what Dubbo's {@code Hessian2ObjectInput} does, call for call (the factory of the
 * thread's context class loader, looked up again when that changes between reads), with two differences. Its stream
 * decodes strings itself ({@link FastStringHessian2Input}, on hessian-lite 4.0.x; Dubbo's class builds its
 * {@code Hessian2Input} itself, so it cannot be reused for that). And nothing but an {@code IOException} comes out of
 * reading a value: hessian-lite's own readers throw {@code RuntimeException}s on some hostile bytes (an
 * {@code ArrayStoreException} from an array holding a reference of another type, a negative length, an unsupported
 * typed read) and overflow the stack on deep nesting, and a class name the JDK's class loader finds a file for but
 * refuses ({@code java8/LocalDateHandle}: a {@code NoClassDefFoundError}, found by fuzzing, docs/fuzzing.md) is a
 * {@code LinkageError}; here each becomes a {@code HessianProtocolException} naming it, so a provider sees one kind of
 * failure for a bad message.
 */
final class Hessian2TimeObjectInput implements ObjectInput, Cleanable {
    private final Hessian2Input in;
    private final Hessian2FactoryManager factories;

    Hessian2TimeObjectInput(InputStream input, Hessian2FactoryManager factories) {
        this.in = FastStringHessian2Input.create(input);
        this.factories = factories;
        in.setSerializerFactory(factories.getSerializerFactory(Thread.currentThread().getContextClassLoader()));
    }

    /** The factory this message is read with (for tests). */
    SerializerFactory serializerFactory() {
        return in.getSerializerFactory();
    }

    @Override
    public boolean readBool() throws IOException {
        return in.readBoolean();
    }

    @Override
    public byte readByte() throws IOException {
        return (byte) in.readInt();
    }

    @Override
    public short readShort() throws IOException {
        return (short) in.readInt();
    }

    @Override
    public int readInt() throws IOException {
        return in.readInt();
    }

    @Override
    public long readLong() throws IOException {
        return in.readLong();
    }

    @Override
    public float readFloat() throws IOException {
        return (float) in.readDouble();
    }

    @Override
    public double readDouble() throws IOException {
        return in.readDouble();
    }

    @Override
    public byte[] readBytes() throws IOException {
        return in.readBytes();
    }

    @Override
    public String readUTF() throws IOException {
        return in.readString();
    }

    @Override
    public Object readObject() throws IOException {
        followContextClassLoader();
        try {
            return in.readObject();
        } catch (RuntimeException | StackOverflowError | LinkageError e) {
            throw malformed(e);
        }
    }

    @Override
    @SuppressWarnings("unchecked")
    public <T> T readObject(Class<T> cls) throws IOException {
        followContextClassLoader();
        try {
            return (T) in.readObject(cls);
        } catch (RuntimeException | StackOverflowError | LinkageError e) {
            throw malformed(e);
        }
    }

    @Override
    public <T> T readObject(Class<T> cls, Type type) throws IOException {
        return readObject(cls);
    }

    @Override
    public void cleanup() {
        in.reset();
    }

    // As Dubbo's Hessian2ObjectInput: a read on a thread of another context class loader uses that loader's factory.
    private void followContextClassLoader() {
        ClassLoader context = Thread.currentThread().getContextClassLoader();
        SerializerFactory factory = in.getSerializerFactory();
        if (!Objects.equals(factory.getClassLoader(), context)) {
            in.setSerializerFactory(factories.getSerializerFactory(context));
        }
    }

    private static IOException malformed(Throwable e) {
        return new HessianProtocolException("hessian2-time: malformed message, "
                + (e instanceof StackOverflowError ? "nested too deeply" : e.toString()), e);
    }
}
