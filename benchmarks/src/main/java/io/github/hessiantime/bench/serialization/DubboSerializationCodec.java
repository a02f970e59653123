package io.github.hessiantime.bench.serialization;

import org.apache.dubbo.common.URL;
import org.apache.dubbo.common.serialize.Cleanable;
import org.apache.dubbo.common.serialize.ObjectInput;
import org.apache.dubbo.common.serialize.ObjectOutput;
import org.apache.dubbo.common.serialize.Serialization;
import org.apache.dubbo.rpc.model.FrameworkModel;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * One of Dubbo's own {@link Serialization} extensions ({@code hessian2}, {@code hessian2-time}, {@code fastjson2}),
 * used the way Dubbo's codec ({@code ExchangeCodec}) uses it for the body of a message: a fresh {@link ObjectOutput}
 * from {@code serialize(url, out)} per message, {@code writeObject}, {@code flushBuffer} and, for a
 * {@link Cleanable} output, {@code cleanup}; a fresh {@link ObjectInput}
 * from {@code deserialize(url, in)} and {@code readObject(Class)} with the declared type, as Dubbo reads a
 * response's return value.
 */
public final class DubboSerializationCodec {

    private final String name;
    private final Serialization serialization;

    /**
     * The URL the extensions are given, as Dubbo gives them its channel's URL: it leads them to the framework's beans
     * (factories, class checks), here those of the default framework's application. Nothing listens on it;
     * 2130706433 is 127.0.0.1 as one number (Dubbo refuses hosts that start with "127.").
     */
    private final URL channelUrl;

    private DubboSerializationCodec(String name, Serialization serialization, URL channelUrl) {
        this.name = name;
        this.serialization = serialization;
        this.channelUrl = channelUrl;
    }

    /**
     * The extension Dubbo would use for the serialization {@code name}, in the default framework as it is now (one
     * that was destroyed, by a stopped DubboBootstrap for example, is replaced); fails when Dubbo has no such extension.
     */
    public static DubboSerializationCodec named(String name) {
        FrameworkModel framework = FrameworkModel.defaultModel();
        var extensions = framework.getExtensionLoader(Serialization.class);
        if (!extensions.hasExtension(name)) {
            throw new IllegalArgumentException("Dubbo has no serialization named " + name + " on this class path; it has "
                    + extensions.getSupportedExtensions());
        }
        URL channelUrl = URL.valueOf("dubbo://2130706433:20880/bench").setScopeModel(framework.defaultApplication());
        return new DubboSerializationCodec(name, extensions.getExtension(name), channelUrl);
    }

    /** Writes one value as one message body; returns the bytes. */
    public HessianCodec.Bytes write(Object value) {
        HessianCodec.Bytes bytes = new HessianCodec.Bytes();
        try {
            ObjectOutput out = serialization.serialize(channelUrl, bytes);
            out.writeObject(value);
            out.flushBuffer();
            if (out instanceof Cleanable) {
                ((Cleanable) out).cleanup();
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return bytes;
    }

    /** Reads one value of the declared {@code type} from a message body. */
    public <T> T read(HessianCodec.Bytes bytes, Class<T> type) {
        try {
            ObjectInput in = serialization.deserialize(channelUrl, new ByteArrayInputStream(bytes.buffer(), 0, bytes.size()));
            return in.readObject(type);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException(name + " could not load a class of the message", e);
        }
    }

    /** One message each way: the value written, then read back as its own class. */
    public Object roundTrip(Object value) {
        return read(write(value), value.getClass());
    }
}
