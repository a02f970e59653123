package io.github.hessiantime.hessian.ser;

import com.alibaba.com.caucho.hessian.io.SerializerFactory;

import java.io.OutputStream;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * A few {@link TimeFirstHessian2Output}s of one {@code SerializerFactory}, reused from message to message: the 8 KiB
 * buffer (4 KiB on 3.2.x) hessian-lite's constructor allocates and zeroes is paid once per stream instead of once per
 * message. A stream is taken when a message starts and given back when it ends, reset
 * ({@link Hessian2OutputReset}: on 4.0.x its two identity maps emptied of just the keys the message added, cheaper
 * than hessian-lite's clear of every slot); a message that fails midway never gives its stream back, so nothing of it can reach another message.
 *
 * <ul>
 *   <li>Bounded: {@value #SLOTS} streams at most, each with its fixed buffer and identity maps of at most 1,024 slots
 *       (a stream whose message put more than {@value #MAX_ENTRIES} references or class definitions in them, which
 *       hessian-lite never shrinks, is dropped instead of kept): 32 KiB a stream at most.</li>
 *   <li>No ThreadLocal: on virtual threads a per-thread cache would be a new cache per call, growing with the number
 *       of threads. A thread starts at the slot of its identity hash and takes or returns a stream with one atomic
 *       operation per slot it tries; when the slots it tries are empty (more messages open at once than streams
 *       kept, or a nested message on the same thread) it gets a new stream, exactly today's behaviour.</li>
 *   <li>Per factory: a pool belongs to the factory whose streams it keeps, so it is dropped with that factory and
 *       never shared between class loaders; a stream given back holds no reference to the message's objects or its
 *       output stream.</li>
 * </ul>
 *
 * <p>Internal: not part of hessian-time's public API.
 */
public final class Hessian2OutputPool {
    /** The most streams a pool keeps. */
    public static final int SLOTS = 8;
    /**
     * The most references (and, separately, class definitions) a message may have put in a stream for it to be kept:
     * hessian-lite's identity maps start at 256 slots and grow fourfold when a quarter full, so up to 255 entries they
     * stay at 1,024 slots at most (8 KiB each).
     */
    public static final int MAX_ENTRIES = 255;
    // slots a thread tries, from its own, before making or dropping a stream
    private static final int PROBES = 4;

    private final AtomicReferenceArray<TimeFirstHessian2Output> slots = new AtomicReferenceArray<>(SLOTS);
    private final TimeFirst timeFirst;
    private final SerializerFactory factory;

    /** Streams that ask {@code timeFirst} first and take everything else to {@code factory}. */
    public Hessian2OutputPool(TimeFirst timeFirst, SerializerFactory factory) {
        this.timeFirst = timeFirst;
        this.factory = factory;
    }

    /** A reset stream writing to {@code out}: a kept one if a slot this thread tries holds one, else a new one. */
    public TimeFirstHessian2Output take(OutputStream out) {
        int home = homeSlot();
        for (int i = 0; i < PROBES; i++) {
            int slot = (home + i) & (SLOTS - 1);
            if (slots.get(slot) != null) {
                TimeFirstHessian2Output kept = slots.getAndSet(slot, null);
                if (kept != null) {
                    kept.attach(out);
                    return kept;
                }
            }
        }
        TimeFirstHessian2Output stream = TimeFirstHessian2Output.pooled(out, timeFirst);
        stream.setSerializerFactory(factory);
        return stream;
    }

    /**
     * Ends the message of {@code stream} (taken from this pool, its last byte flushed): the stream is reset and kept
     * if it stayed small and a slot is free, else left to the garbage collector. Never give a stream twice.
     */
    public void giveBack(TimeFirstHessian2Output stream) {
        if (!stream.detach()) {
            return;
        }
        int home = homeSlot();
        for (int i = 0; i < PROBES; i++) {
            if (slots.compareAndSet((home + i) & (SLOTS - 1), null, stream)) {
                return;
            }
        }
    }

    /** How many streams are kept now (for tests and diagnostics). */
    public int kept() {
        int kept = 0;
        for (int i = 0; i < SLOTS; i++) {
            if (slots.get(i) != null) {
                kept++;
            }
        }
        return kept;
    }

    private static int homeSlot() {
        return System.identityHashCode(Thread.currentThread());
    }
}
