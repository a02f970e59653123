package io.github.hessiantime.dubbo;

import com.alibaba.com.caucho.hessian.io.HessianProtocolException;
import org.apache.dubbo.common.serialize.hessian2.Hessian2FactoryManager;
import org.apache.dubbo.common.serialize.hessian2.Hessian2ObjectInput;

import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.Type;

/**
 * The {@code hessian2-time} reader: Dubbo's {@code Hessian2ObjectInput} (same stream, same factories' class checks),
 * except that nothing but an {@code IOException} comes out of reading a value. hessian-lite's own readers throw
 * {@code RuntimeException}s on some hostile bytes (an {@code ArrayStoreException} from an array holding a reference of
 * another type, a negative length, an unsupported typed read) and overflow the stack on deep nesting, and a class name
 * the JDK's class loader finds a file for but refuses ({@code java8/LocalDateHandle}: a {@code NoClassDefFoundError},
 * found by fuzzing, docs/fuzzing.md) is a {@code LinkageError}; here each becomes a {@code HessianProtocolException}
 * naming it, so a provider sees one kind of failure for a bad message.
 */
final class Hessian2TimeObjectInput extends Hessian2ObjectInput {

    Hessian2TimeObjectInput(InputStream input, Hessian2FactoryManager factories) {
        super(input, factories);
    }

    @Override
    public Object readObject() throws IOException {
        try {
            return super.readObject();
        } catch (RuntimeException | StackOverflowError | LinkageError e) {
            throw malformed(e);
        }
    }

    @Override
    public <T> T readObject(Class<T> cls) throws IOException, ClassNotFoundException {
        try {
            return super.readObject(cls);
        } catch (RuntimeException | StackOverflowError | LinkageError e) {
            throw malformed(e);
        }
    }

    @Override
    public <T> T readObject(Class<T> cls, Type type) throws IOException, ClassNotFoundException {
        try {
            return super.readObject(cls, type);
        } catch (RuntimeException | StackOverflowError | LinkageError e) {
            throw malformed(e);
        }
    }

    private static IOException malformed(Throwable e) {
        return new HessianProtocolException("hessian2-time: malformed message, "
                + (e instanceof StackOverflowError ? "nested too deeply" : e.toString()), e);
    }
}
