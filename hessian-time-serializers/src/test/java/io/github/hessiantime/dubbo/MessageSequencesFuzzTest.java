package io.github.hessiantime.dubbo;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.github.hessiantime.HostileDtos;
import io.github.hessiantime.InlineShapes;
import io.github.hessiantime.ObjectGraphs;
import org.apache.dubbo.common.serialize.ObjectOutput;
import org.apache.dubbo.common.serialize.Serialization;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.time.Instant;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;

/**
 * Coverage-guided fuzzing (Jazzer, docs/fuzzing.md) of what one message may leave behind for the next on the same
 * thread, through Dubbo's {@code hessian2-time} Serialization SPI (whatever stream reuse it has, this target covers):
 * a hostile message is read, then a write fails midway (a value that fails as it is written, deep in a page, or an output
 * stream that fails after some bytes), then a valid message is read and a valid value written. The valid message must
 * decode exactly as a fresh stream decoded it before any fuzzing ({@link ObjectGraphs}: field by field, shared
 * references and cycles included) and the valid value must be written byte for byte as a fresh stream wrote it.
 *
 * <p>An input is two bytes, then the hostile message: byte 0 picks the valid value (modulo their number) and how the
 * hostile message is read ({@link StrictBeanPagesFuzzTest#TYPED}, byte 0 divided by 16); byte 1 picks the failing
 * write (bit 0: a failing stream, else a value that cannot be written) and where it fails.
 */
class MessageSequencesFuzzTest {
    private static final List<Object> VALID = validValues();
    private static final List<byte[]> FRESH_BYTES = new ArrayList<>();
    private static final List<Object> FRESH_READS = new ArrayList<>();
    private static final List<HostileDtos.Page> BIG_PAGES = bigPages();
    private static final int BIG_PAGES_LENGTH;

    static {
        try {
            BIG_PAGES_LENGTH = FuzzChecks.write(BIG_PAGES).length;
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        for (Object value : VALID) {
            try {
                byte[] bytes = FuzzChecks.write(value);
                FRESH_BYTES.add(bytes);
                Object read = FuzzChecks.read(bytes, null);
                assertNotSame(FuzzChecks.REFUSED, read, String.valueOf(value));
                FRESH_READS.add(read);
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
        }
    }

    @FuzzTest(maxDuration = "15m")
    void hostileMessageOrFailedWriteThenValidOnes(byte[] input) throws Exception {
        if (input.length < 2) {
            return;
        }
        int valid = (input[0] & 0xff) % VALID.size();
        Class<?> typed = StrictBeanPagesFuzzTest.TYPED[((input[0] & 0xff) / 16) % StrictBeanPagesFuzzTest.TYPED.length];
        FuzzChecks.read(Arrays.copyOfRange(input, 2, input.length), typed);
        failedWrite(input[1] & 0xff);
        ObjectGraphs.assertSameGraph(FRESH_READS.get(valid), FuzzChecks.read(FRESH_BYTES.get(valid), null));
        assertArrayEquals(FRESH_BYTES.get(valid), FuzzChecks.write(VALID.get(valid)), "written after the others");
    }

    /**
     * A write through the SPI that fails midway: {@code how} picks the failure and where it happens (a value whose
     * bytes fail at one of {@link HostileDtos#pageHolding}'s depths, or an output stream failing after a share of the
     * bytes of pages larger than the writer's buffer).
     */
    private static void failedWrite(int how) {
        Object value;
        OutputStream stream;
        if ((how & 1) == 0) {
            value = HostileDtos.pageHolding(how, new FailingInput(), how >>> 1);
            stream = new ByteArrayOutputStream();
        } else {
            value = BIG_PAGES;
            stream = new FailingStream(BIG_PAGES_LENGTH * (how >>> 1) / 128);
        }
        try {
            Serialization serialization = FuzzChecks.FRAMEWORK.getExtensionLoader(Serialization.class)
                    .getExtension(FuzzChecks.HESSIAN2_TIME);
            ObjectOutput output = serialization.serialize(FuzzChecks.URL, stream);
            output.writeObject(value);
            output.flushBuffer();
        } catch (IOException | RuntimeException expected) {
            return; // a writer's failure is the caller's to report; what matters is the next message
        }
        throw new AssertionError("the write did not fail: " + how);
    }

    /** Pages larger than the writer's buffer, so that a failing stream fails inside {@code writeObject}. */
    private static List<HostileDtos.Page> bigPages() {
        List<HostileDtos.Page> pages = new ArrayList<>();
        for (int i = 0; i < 24; i++) {
            pages.add((HostileDtos.Page) HostileDtos.pageHolding(i, "row " + i, 0));
        }
        return pages;
    }

    /** A stream value (hessian-lite writes its bytes) whose bytes cannot be read: its write fails there. */
    private static final class FailingInput extends InputStream {
        @Override
        public int read() throws IOException {
            throw new IOException("the value failed on purpose");
        }
    }

    /** Fails after {@code limit} bytes. */
    private static final class FailingStream extends OutputStream {
        private int left;

        FailingStream(int limit) {
            this.left = limit;
        }

        @Override
        public void write(int b) throws IOException {
            write(new byte[] {(byte) b}, 0, 1);
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            if (len > left) {
                throw new IOException("the stream failed on purpose");
            }
            left -= len;
        }
    }

    /**
     * The valid messages: pages of beans (collections, maps, arrays, a record, shared references), a cycle, the
     * inline golden vectors' records and hidden fields, and java.time values on their own.
     */
    private static List<Object> validValues() {
        List<Object> values = new ArrayList<>();
        values.add(HostileDtos.page(0, !FuzzChecks.HESSIAN_LITE_3_2));
        values.add(HostileDtos.page(1, false));
        values.add(HostileDtos.cyclicRow(2));
        values.addAll(InlineShapes.goldenValues().values());
        values.add(Instant.parse("2025-11-22T10:15:30.123456789Z"));
        values.add(ZonedDateTime.parse("2025-11-22T05:15:30.123456789-05:00[America/New_York]"));
        return values;
    }
}
