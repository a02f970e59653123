package io.github.hessiantime;

import io.github.hessiantime.testsupport.EdgeCorpus;
import com.alibaba.com.caucho.hessian.io.SerializerFactory;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** One factory shared by many threads, as Dubbo shares one per class loader. */
class ConcurrencyTest {

    @Test
    void oneSharedFactoryManyThreads() throws Exception {
        // Fresh factories, so the threads also race on hessian-lite's lazy serializer caches.
        SerializerFactory writer = Hessian.compactFactory();
        SerializerFactory reader = Hessian.compactFactory();
        List<Object> corpus = EdgeCorpus.all();
        int threads = 8;
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        CountDownLatch start = new CountDownLatch(1);
        List<Future<Integer>> results = new ArrayList<>();
        try {
            for (int t = 0; t < threads; t++) {
                int offset = t;
                results.add(pool.submit(() -> {
                    start.await();
                    int checked = 0;
                    for (int round = 0; round < 50; round++) {
                        for (int i = 0; i < corpus.size(); i++) {
                            Object value = corpus.get((i + offset * 7 + round) % corpus.size());
                            assertEquals(value, Hessian.readOne(reader, Hessian.write(writer, value)));
                            checked++;
                        }
                    }
                    return checked;
                }));
            }
            start.countDown();
            int total = 0;
            for (Future<Integer> result : results) {
                total += result.get(2, TimeUnit.MINUTES);
            }
            assertEquals(threads * 50 * corpus.size(), total);
        } finally {
            pool.shutdownNow();
            assertTrue(pool.awaitTermination(30, TimeUnit.SECONDS));
        }
    }
}
