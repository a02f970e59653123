package io.github.hessiantime;

import com.alibaba.com.caucho.hessian.io.Hessian2Input;
import com.alibaba.com.caucho.hessian.io.Hessian2Output;
import com.alibaba.com.caucho.hessian.io.SerializerFactory;
import io.github.hessiantime.hessian.WireType;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;

/**
 * Test helper: Hessian 2 streams written and read the way Dubbo does, one fresh stream per message. Public for the
 * Dubbo glue tests' streams written outside Dubbo ({@link #write}).
 */
public final class Hessian {
    private Hessian() {
    }

    static SerializerFactory compactFactory() {
        return JavaTimeSerializerFactory.compact().newSerializerFactory();
    }

    static SerializerFactory compatibleFactory() {
        return JavaTimeSerializerFactory.compatible().newSerializerFactory();
    }

    /** The other way in: a stock factory with hessian-time added, as Dubbo's glue and many users do it. */
    static SerializerFactory stockFactoryWith(JavaTimeSerializerFactory time) {
        SerializerFactory factory = new SerializerFactory();
        factory.addFactory(time);
        return factory;
    }

    /** Which hessian-lite line the tests run on ("4.0" unless the build's hessian-lite-3.2 run says "3.2"). */
    static String hessianLiteLine() {
        return System.getProperty("hessiantime.hessianLiteLine", "4.0");
    }

    /** Writes the values into one fresh stream. */
    public static byte[] write(SerializerFactory factory, Object... values) {
        try {
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            Hessian2Output out = new Hessian2Output(bytes);
            out.setSerializerFactory(factory);
            for (Object value : values) {
                out.writeObject(value);
            }
            out.flush();
            return bytes.toByteArray();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Reads {@code count} untyped values from one stream and checks that it is then exhausted. */
    static List<Object> read(SerializerFactory factory, byte[] bytes, int count) throws IOException {
        ByteArrayInputStream stream = new ByteArrayInputStream(bytes);
        Hessian2Input in = new Hessian2Input(stream);
        in.setSerializerFactory(factory);
        List<Object> values = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            values.add(in.readObject());
        }
        if (in.read() != -1) {
            throw new AssertionError("bytes left after " + count + " values");
        }
        return values;
    }

    static Object readOne(SerializerFactory factory, byte[] bytes) throws IOException {
        return read(factory, bytes, 1).get(0);
    }

    /** Reads one value as a typed read, the path a DTO field or a method parameter takes. */
    static Object readTyped(SerializerFactory factory, byte[] bytes, Class<?> expected) throws IOException {
        Hessian2Input in = new Hessian2Input(new ByteArrayInputStream(bytes));
        in.setSerializerFactory(factory);
        return in.readObject(expected);
    }

    /** Spaced hex, for readable assertion messages. */
    /** Writes a hand-made object's field values with the output's own methods. */
    interface FieldWriter {
        void write(Hessian2Output out) throws IOException;
    }

    /**
     * A hand-made stream: a class definition of {@code type} with {@code fields}, one object of it whose field
     * values {@code fieldValues} writes, then {@code rawBytes} verbatim (for values no writer would produce).
     */
    static byte[] objectStream(String type, String[] fields, FieldWriter fieldValues, byte[]... rawBytes)
            throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        Hessian2Output out = new Hessian2Output(bytes);
        out.writeObjectBegin(type);
        out.writeClassFieldLength(fields.length);
        for (String field : fields) {
            out.writeString(field);
        }
        out.writeObjectBegin(type);
        fieldValues.write(out);
        out.flush();
        for (byte[] raw : rawBytes) {
            bytes.write(raw);
        }
        return bytes.toByteArray();
    }

    /** The compact class definition of {@code wire}, one object of it, then its field value as raw bytes. */
    static byte[] compactObject(WireType wire, byte[] rawValue) throws IOException {
        return objectStream(wire.wireName(), new String[]{wire.fieldName()}, out -> { }, rawValue);
    }

    static String hex(byte[] bytes) {
        return Hex.of(bytes).replaceAll("(..)(?!$)", "$1 ");
    }

    static byte[] unhex(String hex) {
        return Hex.parse(hex);
    }
}
