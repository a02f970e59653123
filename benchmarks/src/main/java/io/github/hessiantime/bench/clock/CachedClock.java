package io.github.hessiantime.bench.clock;

import java.util.concurrent.locks.LockSupport;

/**
 * The "cached clock" of the reference articles: a daemon thread stores {@code System.currentTimeMillis()} in a
 * volatile field about once per millisecond, and readers only read the field.
 */
public final class CachedClock implements AutoCloseable {

    private volatile long millis = System.currentTimeMillis();
    private volatile boolean running = true;
    private final Thread ticker;

    public CachedClock() {
        ticker = new Thread(() -> {
            while (running) {
                millis = System.currentTimeMillis();
                LockSupport.parkNanos(1_000_000L);
            }
        }, "cached-clock");
        ticker.setDaemon(true);
        ticker.start();
    }

    public long millis() {
        return millis;
    }

    @Override
    public void close() throws InterruptedException {
        running = false;
        ticker.join(1000);
    }
}
