package io.github.hessiantime;

import com.alibaba.com.caucho.hessian.io.Hessian2Input;
import com.alibaba.com.caucho.hessian.io.Hessian2Output;
import io.github.hessiantime.hessian.deser.FastStringHessian2Input;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * {@link FastStringHessian2Input} reads every string hessian-lite reads as hessian-lite does, at positions across its
 * buffer's end (1 KiB in hessian-lite 4.0.4), and says so when a string is cut short; on hessian-lite 3.2.x it is not
 * used at all.
 */
class FastStringHessian2InputTest {

    private static final int SENTINEL = 0x1234567;

    @Test
    void usedOnHessianLite40OnlyWhereASubclassCanGiveBackAByte() {
        boolean line40 = Hessian.hessianLiteLine().equals("4.0");
        assertEquals(line40, FastStringHessian2Input.AVAILABLE);
        Hessian2Input in = FastStringHessian2Input.create(new ByteArrayInputStream(new byte[0]));
        assertSame(line40 ? FastStringHessian2Input.class : Hessian2Input.class, in.getClass());
    }

    @Test
    void everyKindOfStringReadsAsHessianLiteReadsIt() throws IOException {
        List<String> strings = Arrays.asList("", "a", "java.time.Instant", repeat('x', 31),
                repeat('x', 32), repeat('y', 1023), repeat('y', 1024), repeat('z', 0x7fff), repeat('z', 0x8000),
                repeat('w', 65535), repeat('w', 65536), "caf\u00e9", "\u00ff\u0100\u07ff\u0800", "\u65e5\u672c\u8a9e",
                "emoji \ud83d\ude00 pair", "nul\u0000inside", "\uffff\ufffe", repeat('\u00e9', 300),
                repeat('\u4e2d', 700), mixed(400));
        for (String string : strings) {
            // a prefix moves the string across the end of the stream's 1 KiB buffer (and the 256 bytes tried before)
            for (int prefix : new int[]{0, 1, 2, 100, 200, 253, 254, 255, 256, 300, 1000, 1015, 1020, 1022, 1023,
                    1024, 1025, 1100}) {
                byte[] written = write(prefix, string, true);
                assertEquals(string, read(stock(written), prefix, true), "readString, prefix " + prefix);
                assertEquals(string, read(fast(written), prefix, true), "readString, prefix " + prefix);
                byte[] asObject = write(prefix, string, false);
                assertEquals(string, read(stock(asObject), prefix, false), "readObject, prefix " + prefix);
                assertEquals(string, read(fast(asObject), prefix, false), "readObject, prefix " + prefix);
            }
        }
    }

    @Test
    void whatIsNotAOneChunkStringGoesToHessianLite() throws IOException {
        Object[] values = {42, -7L, 1.5d, true, null, Arrays.asList("a", "b"), repeat('q', 70000)};
        for (Object value : values) {
            byte[] bytes = Hessian.write(new com.alibaba.com.caucho.hessian.io.SerializerFactory(), value, SENTINEL);
            Hessian2Input stock = stock(bytes);
            Hessian2Input fast = fast(bytes);
            assertEquals(stock.readObject(), fast.readObject(), "readObject of " + value);
            assertEquals(SENTINEL, fast.readInt());
            if (!(value instanceof List)) {
                assertEquals(stock(bytes).readString(), fast(bytes).readString(), "readString of " + value);
            }
        }
    }

    @Test
    void aLeadByteHessianLiteRefusesIsTheSameError() {
        byte[] bytes = {0x02, 'a', (byte) 0xf8};
        IOException stock = assertThrows(IOException.class, () -> stock(bytes).readString());
        IOException fast = assertThrows(IOException.class, () -> fast(bytes).readString());
        assertEquals(stock.getMessage(), fast.getMessage());
        assertTrue(fast.getMessage().contains("bad utf-8"), fast.getMessage());
    }

    @Test
    void aStringCutShortIsAnErrorNotAShorterString() {
        byte[][] truncated = {{0x05, 'a', 'b'}, {0x02, 'a', (byte) 0xc3}, {0x01, (byte) 0xe6, (byte) 0x97},
                {0x30}, {'S', 0x00}, {'S', 0x01, 0x00, 'a'}};
        for (byte[] bytes : truncated) {
            if (!FastStringHessian2Input.AVAILABLE) {
                return;     // 3.2.x: hessian-lite's own reader, which returns what it got
            }
            IOException read = assertThrows(IOException.class, () -> fast(bytes).readString(), Hessian.hex(bytes));
            assertTrue(read.getMessage().startsWith("string: the stream ends"), read.getMessage());
            assertThrows(IOException.class, () -> fast(bytes).readObject(), Hessian.hex(bytes));
        }
    }

    /** Random bytes after a string tag: whatever this reader returns, hessian-lite returns too. */
    @Test
    void neverAStringHessianLiteWouldNotRead() throws IOException {
        Random random = new Random(20261128);
        int strings = 0;
        for (int i = 0; i < 20_000; i++) {
            byte[] bytes = new byte[1 + random.nextInt(40)];
            random.nextBytes(bytes);
            int[] tags = {random.nextInt(0x20), 0x30 + random.nextInt(4), 'S'};
            bytes[0] = (byte) tags[random.nextInt(tags.length)];
            if (bytes[0] == 'S' || (bytes[0] & 0xf0) == 0x30) {
                bytes = Arrays.copyOf(bytes, Math.max(bytes.length, 3));
                bytes[1] = 0;   // a length the bytes may hold
            }
            for (boolean asObject : new boolean[]{false, true}) {
                String fast;
                try {
                    fast = asObject ? (String) fast(bytes).readObject() : fast(bytes).readString();
                } catch (IOException refused) {
                    continue;
                } catch (RuntimeException e) {
                    throw new AssertionError("not an IOException for " + Hessian.hex(bytes), e);
                }
                strings++;
                Object stock = asObject ? stock(bytes).readObject() : stock(bytes).readString();
                if (!fast.equals(stock)) {
                    fail("read " + fast + ", hessian-lite " + stock + " from " + Hessian.hex(bytes));
                }
            }
        }
        assertTrue(strings > 5_000, "too few inputs decoded to compare: " + strings);
    }

    private static byte[] write(int prefix, String string, boolean asString) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        Hessian2Output out = new Hessian2Output(bytes);
        byte[] padding = new byte[prefix];
        Arrays.fill(padding, (byte) 0x90);   // compact int 0, one byte each
        out.flush();
        bytes.write(padding);
        if (asString) {
            out.writeString(string);
        } else {
            out.writeObject(string);
        }
        out.writeInt(SENTINEL);
        out.flush();
        return bytes.toByteArray();
    }

    /** The value after {@code prefix} zeros, by readString or readObject; the stream must then hold the sentinel. */
    private static Object read(Hessian2Input in, int prefix, boolean asString) throws IOException {
        for (int i = 0; i < prefix; i++) {
            assertEquals(0, in.readInt());
        }
        Object read = asString ? in.readString() : in.readObject();
        assertEquals(SENTINEL, in.readInt(), "the stream is where hessian-lite leaves it");
        assertEquals(-1, in.read());
        return read;
    }

    private static Hessian2Input stock(byte[] bytes) {
        return new Hessian2Input(new ByteArrayInputStream(bytes));
    }

    private static Hessian2Input fast(byte[] bytes) {
        return FastStringHessian2Input.create(new ByteArrayInputStream(bytes));
    }

    /** ASCII runs of every length from 0 to 9 between one- to three-byte characters, crossing buffer boundaries. */
    private static String mixed(int runs) {
        StringBuilder mixed = new StringBuilder();
        char[] others = {'\u00e9', '\u4e2d', '\u07ff'};
        for (int i = 0; i < runs; i++) {
            mixed.append(repeat((char) ('a' + i % 26), i % 10)).append(others[i % others.length]);
        }
        return mixed.toString();
    }

    private static String repeat(char c, int count) {
        char[] chars = new char[count];
        Arrays.fill(chars, c);
        return new String(chars);
    }
}
