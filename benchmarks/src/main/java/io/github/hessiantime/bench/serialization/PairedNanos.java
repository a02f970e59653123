package io.github.hessiantime.bench.serialization;

import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * Nanoseconds spent on each side of a paired benchmark during one iteration, by thread CPU time and by wall clock.
 * JMH reports them as secondary results; the report divides the baseline's by the candidate's.
 */
@State(Scope.Thread)
@AuxCounters(AuxCounters.Type.EVENTS)
public class PairedNanos {
    public long candidateCpuNanos;
    public long baselineCpuNanos;
    public long candidateWallNanos;
    public long baselineWallNanos;

    @Setup(Level.Iteration)
    public void clear() {
        candidateCpuNanos = 0;
        baselineCpuNanos = 0;
        candidateWallNanos = 0;
        baselineWallNanos = 0;
    }
}
