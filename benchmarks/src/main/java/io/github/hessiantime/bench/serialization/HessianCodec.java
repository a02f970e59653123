package io.github.hessiantime.bench.serialization;

import com.alibaba.com.caucho.hessian.io.Hessian2Input;
import com.alibaba.com.caucho.hessian.io.Hessian2Output;
import com.alibaba.com.caucho.hessian.io.SerializerFactory;
import io.github.hessiantime.JavaTimeSerializerFactory;


import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.util.function.Function;

/**
 * One Hessian configuration, used the way Dubbo uses it: one shared {@link SerializerFactory}, and a fresh
 * {@link Hessian2Output} / {@link Hessian2Input} for every message.
 */
public final class HessianCodec {

    /** System property that switches hessian-lite 4.0.4 into its global java.time compact mode. */
    public static final String HESSIAN_LITE_COMPACT_MODE = "com.caucho.hessian.io.java.time.serializer.compactMode";

    private final SerializerFactory factory;
    private final SerializerFactory readerFactory;

    /** How a message's output stream is made: stock, or the one Dubbo's {@code hessian2-time} writes with. */
    private final Function<OutputStream, Hessian2Output> outputs;

    private HessianCodec(SerializerFactory factory, SerializerFactory readerFactory,
                         Function<OutputStream, Hessian2Output> outputs) {
        this.factory = factory;
        this.readerFactory = readerFactory;
        this.outputs = outputs;
    }

    /**
     * @param serializer {@code hessianLite} (stock 4.0.4), {@code hessianLiteCompactMode} (stock 4.0.4 in a JVM with
     *                   its compactMode flag), {@code hessianTimeCompact}, {@code hessianTimeCompactUnreferenced} (values take no reference
     *                   slot), {@code hessian2TimeStream} (that framing written the way Dubbo's negotiated
     *                   {@code hessian2-time} writes it) or {@code hessianTimeCompatible}
     */
    public static HessianCodec named(String serializer) {
        SerializerFactory factory = new SerializerFactory();
        switch (serializer) {
            case "hessianLite":
                break;
            case "hessianLiteCompactMode":
                // Stock hessian-lite 4.0.4 cannot read the LocalDateTime it writes in compactMode ("HessianFieldException:
                // java.time.LocalDateTime.date: expected map/object at java.lang.Long"), so the stock writer is paired
                // with hessian-time's compatible() reader, which reads that format. Reading is then hessian-time's cost.
                SerializerFactory reader = new SerializerFactory();
                reader.addFactory(JavaTimeSerializerFactory.compatible());
                return new HessianCodec(factory, reader, Hessian2Output::new);
            case "hessianTimeCompact":
                factory.addFactory(JavaTimeSerializerFactory.compact());
                break;
            case "hessianTimeCompactUnreferenced":
                factory.addFactory(JavaTimeSerializerFactory.compactUnreferenced());
                break;
            case "hessian2TimeStream":
                // What Dubbo's negotiated hessian2-time writes (Hessian2TimeObjectOutput): java.time fields of beans
                // inline, other values in the unreferenced framing, through an output that asks hessian-time before
                // hessian-lite's per-object serializer lookup.
                JavaTimeSerializerFactory inline = JavaTimeSerializerFactory.compactInline();
                SerializerFactory inlineFactory = inline.newSerializerFactory();
                return new HessianCodec(inlineFactory, inlineFactory, inline::newHessian2Output);
            case "hessianTimeCompatible":
                factory.addFactory(JavaTimeSerializerFactory.compatible());
                break;
            default:
                throw new IllegalArgumentException("unknown serializer: " + serializer);
        }
        return new HessianCodec(factory, factory, Hessian2Output::new);
    }

    /** Writes one value into a fresh stream, as one Dubbo message would; returns the bytes. */
    public Bytes write(Object value) {
        Bytes bytes = new Bytes();
        Hessian2Output out = outputs.apply(bytes);
        out.setSerializerFactory(factory);
        try {
            out.writeObject(value);
            out.flush();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return bytes;
    }

    /** Writes several values into one fresh stream (for measuring the size of values after the first). */
    public Bytes writeAll(Object... values) {
        Bytes bytes = new Bytes();
        Hessian2Output out = outputs.apply(bytes);
        out.setSerializerFactory(factory);
        try {
            for (Object value : values) {
                out.writeObject(value);
            }
            out.flush();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return bytes;
    }

    /** Reads one value from a fresh stream over the bytes. */
    public Object read(byte[] bytes, int length) {
        Hessian2Input in = new Hessian2Input(new ByteArrayInputStream(bytes, 0, length));
        in.setSerializerFactory(readerFactory);
        try {
            return in.readObject();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public Object read(Bytes bytes) {
        return read(bytes.buffer(), bytes.size());
    }

    /** Writes the value into a fresh stream and reads it back from a fresh one: one message each way. */
    public Object roundTrip(Object value) {
        return read(write(value));
    }

    /** A byte stream whose buffer can be read back without the copy {@code toByteArray()} makes. */
    public static final class Bytes extends ByteArrayOutputStream {
        Bytes() {
            super(128);
        }

        public byte[] buffer() {
            return buf;
        }
    }
}
