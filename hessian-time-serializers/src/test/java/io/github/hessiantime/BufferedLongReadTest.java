package io.github.hessiantime;

import com.alibaba.com.caucho.hessian.io.Hessian2Input;
import com.alibaba.com.caucho.hessian.io.SerializerFactory;
import io.github.hessiantime.hessian.deser.FastStringHessian2Input;
import io.github.hessiantime.hessian.ser.TimeFirstHessian2Output;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.Serializable;
import java.time.Instant;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Date;
import java.util.List;
import java.util.Objects;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * hessian2-time's reader takes a date's eight bytes straight from its buffer where the buffer holds them (inline
 * Instant and LocalDateTime values, and Dates read untyped), and hessian-lite's byte-at-a-time reads elsewhere: the
 * values are the same wherever a date falls against the buffer's end, with the stream delivering everything at once
 * or a few bytes a read, and the stream is left where hessian-lite leaves it.
 */
class BufferedLongReadTest {
    private static final boolean LINE_4 = Hessian.hessianLiteLine().equals("4.0");
    private static final int SENTINEL = 0x1234567;
    private static final int DATES_PER_MESSAGE = 7;     // two beans of three, and one Date on its own

    private final JavaTimeSerializerFactory time = JavaTimeSerializerFactory.compactInline();
    private final SerializerFactory factory = time.newSerializerFactory();

    @Test
    void datesReadTheSameOnEitherSideOfTheBuffersEnd() throws IOException {
        List<Object> message = Arrays.asList(
                new Stamped(1, new Date(1764000000123L), Instant.parse("2025-11-22T10:15:30.123Z"),
                        LocalDateTime.of(2025, 11, 22, 10, 15, 30, 123_456_789)),
                new Stamped(2, new Date(-1L), Instant.ofEpochSecond(-1, 999_999_999),
                        LocalDateTime.of(1900, 1, 1, 0, 0)),
                new Date(Long.MAX_VALUE));
        long buffered = 0;
        long byteAtATime = 0;
        for (int padding = 0; padding <= 1100; padding++) {
            byte[] bytes = write(padding, message);
            assertEquals(message, read(plain(bytes), padding), "hessian-lite, padding " + padding);
            for (boolean trickle : new boolean[]{false, true}) {
                InputStream stream = trickle ? new Trickle(bytes) : new ByteArrayInputStream(bytes);
                Hessian2Input in = FastStringHessian2Input.create(stream);
                in.setSerializerFactory(factory);
                assertEquals(message, read(in, padding), "hessian2-time, padding " + padding
                        + (trickle ? ", a few bytes a read" : ""));
                if (in instanceof FastStringHessian2Input) {
                    long fromBuffer = ((FastStringHessian2Input) in).bufferedLongs();
                    buffered += fromBuffer;
                    byteAtATime += DATES_PER_MESSAGE - fromBuffer;
                }
            }
        }
        if (LINE_4) {
            assertTrue(buffered > 0 && byteAtATime > 0, buffered + " dates from the buffer, " + byteAtATime
                    + " a byte at a time: both paths must be taken");
        } else {
            assertEquals(0, buffered + byteAtATime, "3.2.x: hessian-lite's own Hessian2Input");
        }
    }

    @Test
    void aDateCutShortIsReadAsHessianLiteReadsIt() throws IOException {
        byte[][] cut = {{0x4a}, {0x4a, 1, 2, 3}, {0x4a, 1, 2, 3, 4, 5, 6, 7}};
        for (byte[] bytes : cut) {
            Object stock = plain(bytes).readObject();
            Object fast = FastStringHessian2Input.create(new ByteArrayInputStream(bytes)).readObject();
            assertEquals(stock, fast, Hessian.hex(bytes));
        }
    }

    @Test
    void anInlineValueCutShortIsATruncationError() throws IOException {
        byte[] whole = Hessian.write(factory, new Stamped(1, new Date(5L), Instant.ofEpochMilli(7L),
                LocalDateTime.of(2025, 1, 2, 3, 4, 5)));
        for (int length = whole.length - 1; length > whole.length - 9; length--) {
            byte[] bytes = Arrays.copyOf(whole, length);
            Hessian2Input in = FastStringHessian2Input.create(new ByteArrayInputStream(bytes));
            in.setSerializerFactory(factory);
            TimeDecodingException error = assertThrows(TimeDecodingException.class, in::readObject, "cut to " + length);
            assertTrue(error.getMessage().startsWith("java.time.Instant: truncated input"), error.getMessage());
        }
    }

    private byte[] write(int padding, List<Object> message) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        byte[] zeros = new byte[padding];
        Arrays.fill(zeros, (byte) 0x90);     // compact int 0, one byte each
        bytes.write(zeros);
        TimeFirstHessian2Output out = (TimeFirstHessian2Output) time.newHessian2Output(bytes);
        out.setSerializerFactory(factory);
        for (Object value : message) {
            out.writeObject(value);
        }
        out.writeInt(SENTINEL);
        out.flush();
        return bytes.toByteArray();
    }

    private Hessian2Input plain(byte[] bytes) {
        Hessian2Input in = new Hessian2Input(new ByteArrayInputStream(bytes));
        in.setSerializerFactory(factory);
        return in;
    }

    private static List<Object> read(Hessian2Input in, int padding) throws IOException {
        for (int i = 0; i < padding; i++) {
            assertEquals(0, in.readInt());
        }
        List<Object> values = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            values.add(in.readObject());
        }
        assertEquals(SENTINEL, in.readInt(), "the stream is where hessian-lite leaves it");
        assertEquals(-1, in.read());
        return values;
    }

    /** Gives one to nine bytes a read, in turn: dates fall across the reader's refills. */
    private static final class Trickle extends ByteArrayInputStream {
        private int next;

        Trickle(byte[] bytes) {
            super(bytes);
        }

        @Override
        public synchronized int read(byte[] b, int off, int len) {
            next = next % 9 + 1;
            return super.read(b, off, Math.min(len, next));
        }
    }

    static final class Stamped implements Serializable {
        private static final long serialVersionUID = 1L;
        long id;
        Date at;
        Instant instant;
        LocalDateTime dateTime;

        Stamped() {
        }

        Stamped(long id, Date at, Instant instant, LocalDateTime dateTime) {
            this.id = id;
            this.at = at;
            this.instant = instant;
            this.dateTime = dateTime;
        }

        @Override
        public boolean equals(Object other) {
            if (!(other instanceof Stamped)) {
                return false;
            }
            Stamped that = (Stamped) other;
            return id == that.id && Objects.equals(at, that.at) && Objects.equals(instant, that.instant)
                    && Objects.equals(dateTime, that.dateTime);
        }

        @Override
        public int hashCode() {
            return Objects.hash(id, at, instant, dateTime);
        }

        @Override
        public String toString() {
            return "Stamped " + id + " " + at + " " + instant + " " + dateTime;
        }
    }
}
