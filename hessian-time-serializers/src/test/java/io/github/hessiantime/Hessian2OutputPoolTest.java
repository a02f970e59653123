package io.github.hessiantime;

import com.alibaba.com.caucho.hessian.io.Hessian2Output;
import com.alibaba.com.caucho.hessian.io.SerializerFactory;
import io.github.hessiantime.hessian.inline.TimeMigration;
import io.github.hessiantime.hessian.ser.Hessian2OutputPool;
import io.github.hessiantime.hessian.ser.TimeFirst;
import io.github.hessiantime.hessian.ser.TimeFirstHessian2Output;
import io.github.hessiantime.model.InstantRow;
import io.github.hessiantime.model.LocalDateTimeRow;
import io.github.hessiantime.model.Page;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.Serializable;
import java.lang.ref.WeakReference;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.time.Instant;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The streams {@code hessian2-time} reuses ({@link Hessian2OutputPool}): a reused stream writes exactly the bytes a
 * fresh one writes, whatever the message before it did (failed midway, nested, huge); what stays pooled is bounded
 * and holds nothing of a message. Runs on both hessian-lite lines (the build's hessian-lite-3.2 execution).
 */
class Hessian2OutputPoolTest {
    private final JavaTimeSerializerFactory time = JavaTimeSerializerFactory.compactInline();
    private final SerializerFactory factory = time.newSerializerFactory();
    private final Hessian2OutputPool pool = new Hessian2OutputPool(
            new TimeFirst(time, false, TimeMigration.of(null, "test")), factory);

    /** Messages unlike each other: class definitions, shared references, maps, inline beans, plain values. */
    private static List<Object> messages() {
        Instant moment = Instant.parse("2025-03-01T10:15:30.123Z");
        InstantRow row = new InstantRow(new Instant[] {moment, moment.plusSeconds(1), null, moment, moment});
        Map<String, Object> map = new HashMap<>();
        map.put("when", LocalDateTime.of(2025, 3, 1, 10, 15));
        map.put("row", row);
        return Arrays.asList(
                new Page<>(1, Collections.nCopies(20, row)),
                new Page<>(2, Arrays.asList(new LocalDateTimeRow(new Instant[] {
                        moment, moment.plusMillis(1), Instant.EPOCH, moment, moment.minusSeconds(86_400)}))),
                Arrays.asList(row, row, "text", 42L, moment),
                map,
                "just a string",
                moment);
    }

    @Test
    void aReusedStreamWritesWhatAFreshStreamWrites() throws IOException {
        for (int round = 0; round < 3; round++) {
            for (Object message : messages()) {
                byte[] pooled = writePooled(message);
                assertArrayEquals(writeFresh(message), pooled, "round " + round + ": " + message);
                assertEquals(message, Hessian.readOne(factory, pooled));
            }
        }
        assertEquals(1, pool.kept(), "one thread, one message at a time: one stream, reused");
    }

    @Test
    void aStreamIsTakenOnceAndComesBackReset() throws IOException {
        TimeFirstHessian2Output first = pool.take(new ByteArrayOutputStream());
        first.writeObject(messages().get(0));
        first.flushBuffer();
        pool.giveBack(first);
        assertEquals(1, pool.kept());
        TimeFirstHessian2Output again = pool.take(new ByteArrayOutputStream());
        assertSame(first, again, "the kept stream is reused");
        assertEquals(0, pool.kept(), "a taken stream is nobody else's");
        assertNotSame(again, pool.take(new ByteArrayOutputStream()), "the pool is empty: a new stream");
    }

    @Test
    void aNestedMessageOnTheSameThreadGetsAnotherStream() throws IOException {
        List<Object> messages = messages();
        writePooled(messages.get(0)); // one stream kept
        ByteArrayOutputStream outer = new ByteArrayOutputStream();
        TimeFirstHessian2Output outerStream = pool.take(outer);
        outerStream.writeObject(messages.get(0));
        // while the outer message is open, a nested one (a writeReplace serializing a field, say) on this thread
        byte[] nested = writePooled(messages.get(2));
        outerStream.writeObject(messages.get(3));
        outerStream.flushBuffer();
        pool.giveBack(outerStream);

        assertArrayEquals(writeFresh(messages.get(2)), nested);
        ByteArrayOutputStream fresh = new ByteArrayOutputStream();
        Hessian2Output freshStream = freshStream(fresh);
        freshStream.writeObject(messages.get(0));
        freshStream.writeObject(messages.get(3));
        freshStream.flushBuffer();
        assertArrayEquals(fresh.toByteArray(), outer.toByteArray());
        assertEquals(Arrays.asList(messages.get(0), messages.get(3)), Hessian.read(factory, outer.toByteArray(), 2));
    }

    @Test
    void aMessageAbandonedMidwayLeavesNothingForTheNext() throws IOException {
        // Defensive: the Dubbo glue never gives back the stream of a failed message, but if a half-written stream
        // came back (class definitions and references made, bytes buffered), the next message must not see them.
        TimeFirstHessian2Output halfWritten = pool.take(new ByteArrayOutputStream());
        halfWritten.writeObject(messages().get(0));
        halfWritten.writeObject(messages().get(2));
        pool.giveBack(halfWritten);
        for (Object message : messages()) {
            assertArrayEquals(writeFresh(message), writePooled(message), String.valueOf(message));
        }

        // A bean failing midway and an output stream failing at the flush, through a stream taken from the pool.
        TimeFirstHessian2Output failing = pool.take(new ByteArrayOutputStream());
        assertThrows(Exception.class, () -> failing.writeObject(Arrays.asList(messages().get(0), new Exploding())));
        TimeFirstHessian2Output broken = pool.take(new OutputStream() {
            @Override
            public void write(int b) throws IOException {
                throw new IOException("connection reset");
            }
        });
        broken.writeObject(messages().get(0));
        assertThrows(IOException.class, broken::flushBuffer);
        for (Object message : messages()) {
            byte[] pooled = writePooled(message);
            assertArrayEquals(writeFresh(message), pooled, String.valueOf(message));
            assertEquals(message, Hessian.readOne(factory, pooled));
        }
    }

    @Test
    void aKeptStreamGivesBackEveryKeyItsMessageAdded() throws Exception {
        boolean keyByKey = hessianLite4();
        for (Object message : messages()) {
            TimeFirstHessian2Output out = pool.take(new ByteArrayOutputStream());
            out.writeObject(message);
            out.flushBuffer();
            int[] values = mapArray(map(out, "_refs"), "_values");
            int unused = unusedSlot(map(out, "_refs"));
            values[unused] = 7;     // a slot no key used: only a walk over every slot (hessian-lite's clear) zeroes it
            pool.giveBack(out);
            assertMapsEmpty(out, String.valueOf(message));
            assertEquals(keyByKey ? 7 : 0, values[unused], "on hessian-lite 4.0.x the used slots alone are emptied");
            values[unused] = 0;
        }
        for (Object message : messages()) {
            assertArrayEquals(writeFresh(message), writePooled(message), String.valueOf(message));
        }
    }

    @Test
    void aStreamOutsideThePoolRecordsNoKeys() throws Exception {
        // only pooled streams record the keys of a message (for their reset); one for a single message (reuse off, the
        // plain Hessian API, a nested message) holds no more arrays than hessian-lite's own stream
        Hessian2Output single = time.newHessian2Output(new ByteArrayOutputStream());
        single.setSerializerFactory(factory);
        single.writeObject(messages().get(0));
        assertEquals(retainedArrayBytes(new Hessian2Output(new ByteArrayOutputStream())), retainedArrayBytes(single));
        assertTrue(retainedArrayBytes(pool.take(new ByteArrayOutputStream()))
                > retainedArrayBytes(new Hessian2Output(new ByteArrayOutputStream())), "a pooled stream records them");
    }

    @Test
    void keysThatDoNotAddUpAreClearedSlotBySlot() throws Exception {
        Instant moment = Instant.parse("2025-03-01T10:15:30Z");
        List<InstantRow> rows = new ArrayList<>();
        for (int i = 0; i < 200; i++) {     // more than a quarter of 256 slots: the map grows and is rehashed
            rows.add(new InstantRow(new Instant[] {moment.plusSeconds(i), moment, null, moment, moment}));
        }
        List<Object> uneven = Arrays.asList(new Page<>(1, rows), new Replaced("written instead"));
        // hessian-lite 3.2.x has no unshared mode
        for (boolean unshared : hessianLite4() ? new boolean[] {false, true} : new boolean[] {false}) {
            for (Object message : uneven) {
                TimeFirstHessian2Output out = pool.take(new ByteArrayOutputStream());
                if (unshared) {
                    out.setUnshared(true);  // no reference is kept: the recorded keys are not in the map
                }
                out.writeObject(message);
                out.flushBuffer();
                int[] values = mapArray(map(out, "_refs"), "_values");
                int unused = unusedSlot(map(out, "_refs"));
                values[unused] = 7;
                pool.giveBack(out);
                assertMapsEmpty(out, message + (unshared ? ", unshared" : ""));
                if (!(message instanceof Page)) {   // a rehashed map may or may not be emptied key by key
                    assertEquals(0, values[unused], "a replaced reference or unshared mode: hessian-lite's clear");
                }
            }
        }
        for (Object message : messages()) {
            assertArrayEquals(writeFresh(message), writePooled(message), String.valueOf(message));
        }
    }

    private static boolean hessianLite4() throws NoSuchFieldException {
        return Hessian2Output.class.getDeclaredField("_classRefs").getType().getSimpleName().equals("IdentityIntMap");
    }

    private static Object map(Hessian2Output out, String name) throws ReflectiveOperationException {
        Field field = Hessian2Output.class.getDeclaredField(name);
        field.setAccessible(true);
        return field.get(out);
    }

    private static <T> T mapArray(Object map, String name) throws ReflectiveOperationException {
        Field field = map.getClass().getDeclaredField(name);
        field.setAccessible(true);
        @SuppressWarnings("unchecked")
        T array = (T) field.get(map);
        return array;
    }

    private static int unusedSlot(Object identityMap) throws ReflectiveOperationException {
        Object[] keys = mapArray(identityMap, "_keys");
        for (int i = keys.length - 1; i >= 0; i--) {
            if (keys[i] == null) {
                return i;
            }
        }
        throw new AssertionError("no unused slot");
    }

    /** Both of hessian-lite's maps of a given-back stream hold nothing (its class definitions: a HashMap on 3.2.x). */
    private static void assertMapsEmpty(Hessian2Output out, String message) throws ReflectiveOperationException {
        for (String name : new String[] {"_refs", "_classRefs"}) {
            Object map = map(out, name);
            if (map instanceof Map) {
                assertTrue(((Map<?, ?>) map).isEmpty(), name + " after " + message);
                continue;
            }
            Object[] keys = mapArray(map, "_keys");
            for (int i = 0; i < keys.length; i++) {
                assertEquals(null, keys[i], name + " slot " + i + " after " + message);
            }
            assertEquals(0, (int) map.getClass().getMethod("size").invoke(map), name + " size after " + message);
        }
    }

    @Test
    void aLargeMessageIsNotKept() throws Exception {
        Instant moment = Instant.parse("2025-03-01T10:15:30Z");
        List<InstantRow> rows = new ArrayList<>();
        for (int i = 0; i < 10_000; i++) {
            rows.add(new InstantRow(new Instant[] {moment.plusSeconds(i), moment, moment, moment, moment}));
        }
        Page<InstantRow> huge = new Page<>(1, rows);
        byte[] hugeBytes = writePooled(huge);
        assertTrue(hugeBytes.length > 400_000, "several hundred KiB: " + hugeBytes.length);
        assertEquals(huge, Hessian.readOne(factory, hugeBytes));
        assertEquals(0, pool.kept(), "10,000 references grew hessian-lite's identity map: the stream is dropped");

        // a message of several MiB in few objects is kept, its stream bounded and holding none of them
        char[] text = new char[4 << 20];
        Arrays.fill(text, 'x');
        StringBox box = new StringBox(new String(text));
        WeakReference<String> sent = new WeakReference<>(box.value);
        byte[] bigBytes = writePooled(box);
        assertTrue(bigBytes.length > 4 << 20);
        assertEquals(1, pool.kept());
        TimeFirstHessian2Output kept = pool.take(new ByteArrayOutputStream());
        assertTrue(retainedArrayBytes(kept) <= 40 * 1024, "the kept stream holds " + retainedArrayBytes(kept));
        pool.giveBack(kept);
        box = null;
        text = null;
        assertTrue(collected(sent), "the pooled stream still references the last message's objects");

        // at most SLOTS streams, however many were open at once
        List<TimeFirstHessian2Output> open = new ArrayList<>();
        for (int i = 0; i < 50; i++) {
            open.add(pool.take(new ByteArrayOutputStream()));
        }
        open.forEach(pool::giveBack);
        assertTrue(pool.kept() <= Hessian2OutputPool.SLOTS, pool.kept() + " streams kept");
        assertTrue(pool.kept() >= 1);
    }

    @Test
    void tenThousandVirtualThreadsShareAFewStreams() throws Exception {
        Method perTask;
        try {
            perTask = java.util.concurrent.Executors.class.getMethod("newVirtualThreadPerTaskExecutor");
        } catch (NoSuchMethodException e) {
            perTask = null;
        }
        // JDK 17 has no virtual threads; CI's JDK 25 leg runs the library's tests, this one with them
        assumeTrue(perTask != null, "virtual threads need JDK 21+");
        List<Object> messages = messages();
        List<byte[]> expected = new ArrayList<>();
        for (Object message : messages) {
            expected.add(writeFresh(message));
        }
        long before = usedHeapAfterGc();
        List<Future<?>> calls = new ArrayList<>();
        ExecutorService threads = (ExecutorService) perTask.invoke(null);
        try {
            for (int i = 0; i < 10_000; i++) {
                int which = i % messages.size();
                calls.add(threads.submit(() -> {
                    byte[] bytes = writePooled(messages.get(which));
                    assertArrayEquals(expected.get(which), bytes);
                    assertEquals(messages.get(which), Hessian.readOne(factory, bytes));
                    return null;
                }));
            }
            for (Future<?> call : calls) {
                call.get(2, TimeUnit.MINUTES);
            }
        } finally {
            threads.shutdown();
            assertTrue(threads.awaitTermination(1, TimeUnit.MINUTES));
        }
        calls = null;
        assertTrue(pool.kept() <= Hessian2OutputPool.SLOTS, pool.kept() + " streams kept");
        long retained = usedHeapAfterGc() - before;
        assertTrue(retained < 8L << 20, "retained after 10,000 virtual threads: " + retained + " bytes");
    }

    private byte[] writePooled(Object message) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        TimeFirstHessian2Output out = pool.take(bytes);
        out.writeObject(message);
        out.flushBuffer();
        pool.giveBack(out);
        return bytes.toByteArray();
    }

    private byte[] writeFresh(Object message) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        Hessian2Output out = freshStream(bytes);
        out.writeObject(message);
        out.flushBuffer();
        return bytes.toByteArray();
    }

    private Hessian2Output freshStream(OutputStream bytes) {
        Hessian2Output out = time.newHessian2Output(bytes);
        out.setSerializerFactory(factory);
        return out;
    }

    /** The arrays a stream holds, hessian-lite's private buffer and identity maps included, in bytes. */
    private static long retainedArrayBytes(Object stream) throws IllegalAccessException {
        long total = 0;
        for (Class<?> type = stream.getClass(); type != Object.class; type = type.getSuperclass()) {
            for (Field field : type.getDeclaredFields()) {
                if (java.lang.reflect.Modifier.isStatic(field.getModifiers())) {
                    continue;
                }
                field.setAccessible(true);
                Object value = field.get(stream);
                total += arrayBytes(value);
                if (value != null && value.getClass().getName().endsWith("IdentityIntMap")) {
                    for (Field inner : value.getClass().getDeclaredFields()) {
                        if (!java.lang.reflect.Modifier.isStatic(inner.getModifiers())) {
                            inner.setAccessible(true);
                            total += arrayBytes(inner.get(value));
                        }
                    }
                }
            }
        }
        return total;
    }

    private static long arrayBytes(Object value) {
        if (value instanceof byte[]) {
            return ((byte[]) value).length;
        }
        if (value instanceof int[]) {
            return 4L * ((int[]) value).length;
        }
        if (value instanceof Object[]) {
            return 8L * ((Object[]) value).length;
        }
        return 0;
    }

    private static boolean collected(WeakReference<?> reference) throws InterruptedException {
        for (int i = 0; i < 50 && reference.get() != null; i++) {
            System.gc();
            Thread.sleep(20);
        }
        return reference.get() == null;
    }

    private static long usedHeapAfterGc() throws InterruptedException {
        Runtime runtime = Runtime.getRuntime();
        long used = Long.MAX_VALUE;
        for (int i = 0; i < 5; i++) {
            System.gc();
            Thread.sleep(50);
            used = Math.min(used, runtime.totalMemory() - runtime.freeMemory());
        }
        return used;
    }

    /** A bean of one big string. */
    public static final class StringBox implements Serializable {
        private static final long serialVersionUID = 1L;
        String value;

        public StringBox() {
        }

        StringBox(String value) {
            this.value = value;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof StringBox && ((StringBox) o).value.equals(value);
        }

        @Override
        public int hashCode() {
            return value.hashCode();
        }
    }

    /** A bean written as another (its writeReplace): hessian-lite replaces its reference with the replacement's. */
    public static final class Replaced implements Serializable {
        private static final long serialVersionUID = 1L;
        final String text;

        Replaced(String text) {
            this.text = text;
        }

        Object writeReplace() {
            return new StringBox(text);
        }
    }

    /** A bean whose serialization fails midway: hessian-lite's serializer calls writeReplace. */
    public static final class Exploding implements Serializable {
        private static final long serialVersionUID = 1L;

        Object writeReplace() {
            throw new IllegalStateException("bean failed while being written");
        }
    }
}
