package io.github.hessiantime;

import com.alibaba.com.caucho.hessian.io.SerializerFactory;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 24: one class definition per class per stream, whatever the concurrency. A cold start, over and over: a fresh
 * factory, then 64 threads released at once, each writing its first message, a page of three inline classes. Every
 * message must define each class once: hessian-lite builds serializers without locking and a stream keys definitions
 * by the identity of the type name, so two inline serializers of one class in one factory defined it twice in a
 * stream (24 of 75,008 streams in the run). On both hessian-lite lines.
 */
public class ColdStartDefinitionsTest {
    public static final int THREADS = 64;
    static final int ROUNDS = 40;

    /** The page every thread writes: ten each of three classes written inline, interleaved. */
    public static List<Object> page(int thread) {
        List<Object> page = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            page.add(InlineRow.with(Instant.ofEpochSecond(1_700_000_000L + thread, i)));
            page.add(new InlineShapes.Event("e" + i, Instant.ofEpochSecond(thread), LocalDateTime.of(2025, 1, 1, 0, i),
                    LocalDate.of(2025, 1, 1 + i)));
            page.add(InlineShapes.Shadow.of(Instant.EPOCH, LocalDateTime.of(2025, 1, 1, 0, i), "b", "s" + i));
        }
        return page;
    }

    static final List<String> TYPES = java.util.Arrays.asList("ht:" + InlineRow.class.getName(),
            "ht:" + InlineShapes.Event.class.getName(), "ht:" + InlineShapes.Shadow.class.getName());

    /** How many times each inline type is defined in {@code message}. */
    public static List<Integer> definitions(byte[] message) {
        String text = new String(message, StandardCharsets.ISO_8859_1);
        List<Integer> counts = new ArrayList<>();
        for (String type : TYPES) {
            int count = 0;
            for (int at = text.indexOf(type); at >= 0; at = text.indexOf(type, at + 1)) {
                count++;
            }
            counts.add(count);
        }
        return counts;
    }

    /**
     * {@code rounds} cold starts of {@code threads} threads, each writing its first message with the writer that
     * {@code freshWriter} makes for the round; returns how many messages defined a class more than once.
     */
    public static int duplicates(int rounds, Callable<Function<Object, byte[]>> freshWriter) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(THREADS);
        int duplicates = 0;
        try {
            for (int round = 0; round < rounds; round++) {
                Function<Object, byte[]> writer = freshWriter.call();
                CyclicBarrier start = new CyclicBarrier(THREADS);
                List<Future<byte[]>> messages = new ArrayList<>();
                for (int t = 0; t < THREADS; t++) {
                    List<Object> page = page(t);
                    messages.add(pool.submit(() -> {
                        start.await(30, TimeUnit.SECONDS);
                        return writer.apply(page);
                    }));
                }
                for (Future<byte[]> message : messages) {
                    List<Integer> counts = definitions(message.get(60, TimeUnit.SECONDS));
                    assertTrue(counts.stream().allMatch(c -> c >= 1), "every type defined: " + counts);
                    if (counts.stream().anyMatch(c -> c > 1)) {
                        duplicates++;
                    }
                }
            }
        } finally {
            pool.shutdownNow();
            pool.awaitTermination(30, TimeUnit.SECONDS);
        }
        return duplicates;
    }

    @Test
    void everyMessageOfAColdStartDefinesEachClassOnce() throws Exception {
        int duplicates = duplicates(ROUNDS, () -> {
            SerializerFactory fresh = JavaTimeSerializerFactory.compactInline().newSerializerFactory();
            return page -> Hessian.write(fresh, page);
        });
        assertEquals(0, duplicates, "messages with a class defined twice, of " + ROUNDS * THREADS);
    }
}
