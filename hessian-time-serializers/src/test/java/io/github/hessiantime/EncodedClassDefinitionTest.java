package io.github.hessiantime;

import com.alibaba.com.caucho.hessian.io.Hessian2Output;
import com.alibaba.com.caucho.hessian.io.SerializerFactory;
import io.github.hessiantime.hessian.ser.TimeFirstHessian2Output;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.Serializable;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * An inline bean's class definition is copied into hessian-time's stream from bytes encoded once
 * ({@code EncodedClassDefinition}), and so is that of a bean hessian-lite 4.0.x's own {@code UnsafeSerializer} writes,
 * instead of being encoded string by string: the stream's bytes are exactly the ones hessian-lite's own calls write
 * (the same serializers on a plain {@code Hessian2Output}; stock hessian-lite's for a bean without time fields),
 * wherever the definition
 * falls in the stream's buffer, in packet mode too (4.0.x), and past the 16 definitions a one-byte reference can name. On
 * hessian-lite 3.2.x (this class runs in both plain test executions) nothing is copied and the bytes are the same.
 */
class EncodedClassDefinitionTest {
    private static final boolean LINE_4 = Hessian.hessianLiteLine().equals("4.0");
    private static final Instant AT = Instant.parse("2025-11-22T10:15:30.123Z");

    private final JavaTimeSerializerFactory time = JavaTimeSerializerFactory.compactInline();
    private final SerializerFactory factory = time.newSerializerFactory();

    @Test
    void aCopiedDefinitionIsWhatHessianLiteWrites() throws IOException {
        List<Object> message = new ArrayList<>(everyClassTwice());
        message.add(new Row(1, "r\u00e9sum\u00e9 \u65e5\u672c"));
        message.add(new Row(2, "second"));
        Written written = writeBoth(false, message.toArray());
        assertEquals(Hessian.hex(written.byHessianLite), Hessian.hex(written.copied));
        assertEquals(LINE_4 ? 18 : 0, written.copiedDefinitions);
        assertEquals(message.get(message.size() - 1).toString(),
                readLast(written.copied, message.size()).toString());
    }

    @Test
    void aBeanWithoutTimeFieldsIsWrittenAsStockHessianLiteWritesIt() throws IOException {
        Plain first = new Plain("first", 1, new java.util.Date(1764000000000L), null);
        Plain second = new Plain("second", 2, null, first);
        Object[] message = {first, second, new Plain("third", 3, null, second), Arrays.asList(first, second)};
        ByteArrayOutputStream stock = new ByteArrayOutputStream();
        Hessian2Output stockOut = new Hessian2Output(stock);
        stockOut.setSerializerFactory(new SerializerFactory());
        for (Object value : message) {
            stockOut.writeObject(value);
        }
        stockOut.flush();
        Written written = writeBoth(false, message);
        assertEquals(Hessian.hex(stock.toByteArray()), Hessian.hex(written.copied));
        assertEquals(Hessian.hex(stock.toByteArray()), Hessian.hex(written.byHessianLite));
        // Plain's definition copied on 4.0.x (hessian-lite's UnsafeSerializer); 3.2.x writes it with JavaSerializer
        assertEquals(LINE_4 ? 1 : 0, written.copiedDefinitions);
        assertEquals(message[2].toString(), readLast(written.copied, 3).toString());
    }

    @Test
    void aDefinitionAtTheBufferEndIsWrittenWhereHessianLiteWouldFlush() throws IOException {
        int fewestCopied = Integer.MAX_VALUE;
        int mostCopied = 0;
        // packet mode (initPacket) is hessian-lite 4.0.x's only
        for (boolean packets : LINE_4 ? new boolean[]{false, true} : new boolean[]{false}) {
            // hessian-lite 4.0.x's buffer is 8 KiB, 3.2.x's 4 KiB: the three definitions fall before, across and
            // after the end of either
            for (int padding = 3900; padding < 4150; padding++) {
                int copied = compareAfter(packets, padding);
                fewestCopied = Math.min(fewestCopied, copied);
                mostCopied = Math.max(mostCopied, copied);
            }
            for (int padding = 7900; padding < 8200; padding++) {
                int copied = compareAfter(packets, padding);
                fewestCopied = Math.min(fewestCopied, copied);
                mostCopied = Math.max(mostCopied, copied);
            }
        }
        if (LINE_4) {
            // both ways were taken: copied where the buffer had room, hessian-lite's calls where it had not
            assertEquals(3, mostCopied);
            assertTrue(fewestCopied < 3, "every definition was copied: the buffer's end was never reached");
        } else {
            assertEquals(0, mostCopied);
        }
    }

    private int compareAfter(boolean packets, int padding) throws IOException {
        char[] filler = new char[padding];
        Arrays.fill(filler, 'x');
        Object[] message = {new String(filler), new Row(1, "a"), new C00(), new Row(2, "b"), new C01()};
        Written written = writeBoth(packets, message);
        assertEquals(Hessian.hex(written.byHessianLite), Hessian.hex(written.copied),
                "padding " + padding + (packets ? ", packets" : ""));
        return written.copiedDefinitions;
    }

    private Written writeBoth(boolean packets, Object... message) throws IOException {
        ByteArrayOutputStream byHessianLite = new ByteArrayOutputStream();
        Hessian2Output plain = new Hessian2Output(null);
        ByteArrayOutputStream copied = new ByteArrayOutputStream();
        TimeFirstHessian2Output timeFirst = (TimeFirstHessian2Output) time.newHessian2Output(null);
        for (Hessian2Output out : new Hessian2Output[]{plain, timeFirst}) {
            ByteArrayOutputStream target = out == plain ? byHessianLite : copied;
            if (packets) {
                out.initPacket(target);
            } else {
                out.init(target);
            }
            out.setSerializerFactory(factory);
            for (Object value : message) {
                out.writeObject(value);
            }
            out.flush();
        }
        return new Written(byHessianLite.toByteArray(), copied.toByteArray(), timeFirst.copiedDefinitions());
    }

    private Object readLast(byte[] bytes, int count) throws IOException {
        com.alibaba.com.caucho.hessian.io.Hessian2Input in =
                new com.alibaba.com.caucho.hessian.io.Hessian2Input(new java.io.ByteArrayInputStream(bytes));
        in.setSerializerFactory(factory);
        Object last = null;
        for (int i = 0; i < count; i++) {
            last = in.readObject();
        }
        return last;
    }

    private static List<Object> everyClassTwice() {
        List<Object> beans = Arrays.asList(new C00(), new C01(), new C02(), new C03(), new C04(), new C05(),
                new C06(), new C07(), new C08(), new C09(), new C10(), new C11(), new C12(), new C13(), new C14(),
                new C15(), new C16());
        List<Object> twice = new ArrayList<>(beans);
        for (Object bean : beans) {
            try {
                twice.add(bean.getClass().getDeclaredConstructor().newInstance());
            } catch (ReflectiveOperationException e) {
                throw new AssertionError(e);
            }
        }
        return twice;
    }

    private static final class Written {
        final byte[] byHessianLite;
        final byte[] copied;
        final int copiedDefinitions;

        Written(byte[] byHessianLite, byte[] copied, int copiedDefinitions) {
            this.byHessianLite = byHessianLite;
            this.copied = copied;
            this.copiedDefinitions = copiedDefinitions;
        }
    }

    static final class Row implements Serializable {
        long id;
        String name;
        Instant created;
        LocalDate day;

        Row() {
        }

        Row(long id, String name) {
            this.id = id;
            this.name = name;
            this.created = AT.plusSeconds(id);
            this.day = LocalDate.of(2025, 11, 22).plusDays(id);
        }

        @Override
        public String toString() {
            return id + " " + name + " " + created + " " + day;
        }
    }

    static final class Plain implements Serializable {
        String name;
        int count;
        java.util.Date at;
        Plain previous;

        Plain() {
        }

        Plain(String name, int count, java.util.Date at, Plain previous) {
            this.name = name;
            this.count = count;
            this.at = at;
            this.previous = previous;
        }

        @Override
        public String toString() {
            return name + " " + count + " " + at + " (" + previous + ")";
        }
    }

    // seventeen inline classes: the seventeenth definition of a message is referred to with 'O' and an int
    static final class C00 implements Serializable {
        Instant at = AT;
    }

    static final class C01 implements Serializable {
        Instant at = AT.plusSeconds(1);
    }

    static final class C02 implements Serializable {
        Instant at = AT.plusSeconds(2);
    }

    static final class C03 implements Serializable {
        Instant at = AT.plusSeconds(3);
    }

    static final class C04 implements Serializable {
        Instant at = AT.plusSeconds(4);
    }

    static final class C05 implements Serializable {
        Instant at = AT.plusSeconds(5);
    }

    static final class C06 implements Serializable {
        Instant at = AT.plusSeconds(6);
    }

    static final class C07 implements Serializable {
        Instant at = AT.plusSeconds(7);
    }

    static final class C08 implements Serializable {
        Instant at = AT.plusSeconds(8);
    }

    static final class C09 implements Serializable {
        Instant at = AT.plusSeconds(9);
    }

    static final class C10 implements Serializable {
        Instant at = AT.plusSeconds(10);
    }

    static final class C11 implements Serializable {
        Instant at = AT.plusSeconds(11);
    }

    static final class C12 implements Serializable {
        Instant at = AT.plusSeconds(12);
    }

    static final class C13 implements Serializable {
        Instant at = AT.plusSeconds(13);
    }

    static final class C14 implements Serializable {
        Instant at = AT.plusSeconds(14);
    }

    static final class C15 implements Serializable {
        Instant at = AT.plusSeconds(15);
    }

    static final class C16 implements Serializable {
        Instant at = AT.plusSeconds(16);
    }
}
