package io.github.hessiantime.demo.consumer;

import io.github.hessiantime.demo.api.OrderService;

import java.time.Duration;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Semaphore;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Runs many calls with a bounded number in flight. On JDK 21+ each call gets its own virtual thread
 * ({@code Executors.newVirtualThreadPerTaskExecutor()}, looked up reflectively so this compiles for Java 17); on
 * JDK 17 a fixed pool of platform threads does the same job.
 */
public final class ConcurrentCalls {

    private final int concurrency;
    private final boolean virtualThreads;
    private final ReentrantLock running = new ReentrantLock();
    private volatile boolean cancelled;

    public ConcurrentCalls(int concurrency) {
        this.concurrency = concurrency;
        this.virtualThreads = Runtime.version().feature() >= 21;
    }

    /** For the report: which threads drive the calls. */
    public String threads() {
        return virtualThreads ? "virtual threads (JDK " + Runtime.version().feature() + ")"
                : "a pool of " + concurrency + " platform threads (JDK " + Runtime.version().feature() + ")";
    }

    public boolean usesVirtualThreads() {
        return virtualThreads;
    }

    /** Calls {@code payload} {@code calls} times with sample ids {@code firstId, firstId+1, ...}. */
    public Outcome run(OrderService service, Payload payload, long firstId, int calls) throws InterruptedException {
        running.lock();
        try {
            return runCalls(service, payload, firstId, calls);
        } finally {
            running.unlock();
        }
    }

    private Outcome runCalls(OrderService service, Payload payload, long firstId, int calls)
            throws InterruptedException {
        AtomicLong equal = new AtomicLong();
        AtomicLong different = new AtomicLong();
        AtomicLong failed = new AtomicLong();
        AtomicReference<String> firstProblem = new AtomicReference<>();
        Semaphore inFlight = new Semaphore(concurrency);
        ExecutorService executor = newExecutor(); // ExecutorService is AutoCloseable only since JDK 19
        try {
            for (int i = 0; i < calls && !cancelled; i++) {
                long id = firstId + i;
                inFlight.acquire();
                executor.execute(() -> {
                    try {
                        if (payload.callAndCompare(service, id)) {
                            equal.incrementAndGet();
                        } else {
                            different.incrementAndGet();
                            firstProblem.compareAndSet(null, payload + " " + id + " came back different");
                        }
                    } catch (RuntimeException e) {
                        failed.incrementAndGet();
                        firstProblem.compareAndSet(null, payload + " " + id + " failed: " + e);
                    } finally {
                        inFlight.release();
                    }
                });
            }
            executor.shutdown();
            if (!executor.awaitTermination(2, TimeUnit.MINUTES)) {
                throw new IllegalStateException("calls did not finish within 2 minutes");
            }
        } finally {
            executor.shutdownNow();
        }
        return new Outcome(calls, equal.get(), different.get(), failed.get(), firstProblem.get());
    }

    /**
     * Starts no more calls and waits up to {@code timeout} for those in flight to finish; for a demo that is being
     * stopped from another thread.
     */
    public void cancelAndAwait(Duration timeout) {
        cancelled = true;
        try {
            if (running.tryLock(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                running.unlock();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private ExecutorService newExecutor() {
        if (virtualThreads) {
            try {
                return (ExecutorService) Executors.class.getMethod("newVirtualThreadPerTaskExecutor").invoke(null);
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException("JDK " + Runtime.version() + " should have virtual threads", e);
            }
        }
        ThreadFactory daemons = task -> {
            Thread thread = new Thread(task, "order-calls");
            thread.setDaemon(true);
            return thread;
        };
        return Executors.newFixedThreadPool(concurrency, daemons);
    }

    /** How a batch of calls went. */
    public record Outcome(int calls, long equal, long different, long failed, String firstProblem) {

        public boolean allEqual() {
            return equal == calls;
        }
    }
}
