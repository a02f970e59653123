package io.github.hessiantime;

import com.alibaba.com.caucho.hessian.io.Hessian2Input;
import com.alibaba.com.caucho.hessian.io.Hessian2Output;
import com.alibaba.com.caucho.hessian.io.SerializerFactory;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;

/** Test helper: Hessian 2 streams written and read the way Dubbo does, one fresh stream per message. */
final class Hessian {
    private Hessian() {
    }

    static SerializerFactory compactFactory() {
        SerializerFactory factory = new SerializerFactory();
        factory.addFactory(JavaTimeSerializerFactory.compact());
        return factory;
    }

    static SerializerFactory compatibleFactory() {
        SerializerFactory factory = new SerializerFactory();
        factory.addFactory(JavaTimeSerializerFactory.compatible());
        return factory;
    }

    /** Writes the values into one fresh stream. */
    static byte[] write(SerializerFactory factory, Object... values) {
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

    static String hex(byte[] bytes) {
        StringBuilder text = new StringBuilder();
        for (byte b : bytes) {
            if (text.length() > 0) {
                text.append(' ');
            }
            text.append(Character.forDigit((b >> 4) & 0xf, 16)).append(Character.forDigit(b & 0xf, 16));
        }
        return text.toString();
    }

    static byte[] unhex(String hex) {
        String digits = hex.replaceAll("\\s+", "");
        byte[] bytes = new byte[digits.length() / 2];
        for (int i = 0; i < bytes.length; i++) {
            bytes[i] = (byte) Integer.parseInt(digits.substring(2 * i, 2 * i + 2), 16);
        }
        return bytes;
    }
}
