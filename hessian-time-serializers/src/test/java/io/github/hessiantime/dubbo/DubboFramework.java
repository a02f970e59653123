package io.github.hessiantime.dubbo;

import org.apache.dubbo.common.URL;
import org.apache.dubbo.common.serialize.ObjectInput;
import org.apache.dubbo.common.serialize.ObjectOutput;
import org.apache.dubbo.common.serialize.Serialization;
import org.apache.dubbo.common.utils.SerializeSecurityManager;
import org.apache.dubbo.rpc.model.FrameworkModel;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;

/**
 * A fresh Dubbo framework for each test ({@code @RegisterExtension}), destroyed after it, and one message written or
 * read through one of its serializations the way Dubbo's codec does: the glue tests' one way to do that.
 */
final class DubboFramework implements BeforeEachCallback, AfterEachCallback {
    private FrameworkModel framework;
    private URL url;

    @Override
    public void beforeEach(ExtensionContext context) {
        framework = new FrameworkModel();
        url = urlOf(framework);
    }

    @Override
    public void afterEach(ExtensionContext context) {
        framework.destroy();
    }

    FrameworkModel framework() {
        return framework;
    }

    SerializeSecurityManager securityManager() {
        return framework.getBeanFactory().getBean(SerializeSecurityManager.class);
    }

    Serialization serialization(String name) {
        return serialization(framework, name);
    }

    byte[] write(String serialization, Object value) throws IOException {
        return write(framework, url, serialization, value);
    }

    /** An untyped read, as of an {@code Object} argument. */
    Object read(String serialization, byte[] bytes) throws IOException, ClassNotFoundException {
        return read(serialization, bytes, null);
    }

    /** An untyped read, or a typed one ({@code readObject(Class)}, as for a return value) if {@code typed} is set. */
    Object read(String serialization, byte[] bytes, Class<?> typed) throws IOException, ClassNotFoundException {
        return read(framework, url, serialization, bytes, typed);
    }

    /** One message written in a framework of its own, destroyed after it (another peer's settings). */
    static byte[] writeElsewhere(FrameworkModel writer, String serialization, Object value) throws IOException {
        try {
            return write(writer, urlOf(writer), serialization, value);
        } finally {
            writer.destroy();
        }
    }

    /** The URL of a new application of {@code framework}, which leads a serialization to that framework's beans. */
    static URL urlOf(FrameworkModel framework) {
        return URL.valueOf("dubbo://127.0.0.1:20880/Test").setScopeModel(framework.newApplication());
    }

    private static Serialization serialization(FrameworkModel framework, String name) {
        return framework.getExtensionLoader(Serialization.class).getExtension(name);
    }

    /** One message written through {@code framework}'s serialization named {@code serialization}. */
    static byte[] write(FrameworkModel framework, URL url, String serialization, Object value) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        ObjectOutput output = serialization(framework, serialization).serialize(url, bytes);
        output.writeObject(value);
        output.flushBuffer();
        return bytes.toByteArray();
    }

    /** One message read through {@code framework}'s serialization: untyped, or typed if {@code typed} is set. */
    static Object read(FrameworkModel framework, URL url, String serialization, byte[] bytes, Class<?> typed)
            throws IOException, ClassNotFoundException {
        ObjectInput input = serialization(framework, serialization).deserialize(url, new ByteArrayInputStream(bytes));
        return typed == null ? input.readObject() : input.readObject(typed);
    }
}
