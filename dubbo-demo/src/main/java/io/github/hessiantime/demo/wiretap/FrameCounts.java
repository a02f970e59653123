package io.github.hessiantime.demo.wiretap;

import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * What a {@link DubboWiretap} saw, by serialization id (the id in each frame header): call frames and their bytes
 * (header included) in each direction. {@link #minus} gives what happened between two snapshots.
 */
public record FrameCounts(Map<Integer, Long> requestFrames, Map<Integer, Long> requestBytes,
                          Map<Integer, Long> responseFrames, Map<Integer, Long> responseBytes,
                          long responsesInAnotherFormat) {

    public FrameCounts minus(FrameCounts earlier) {
        return new FrameCounts(subtract(requestFrames, earlier.requestFrames),
                subtract(requestBytes, earlier.requestBytes), subtract(responseFrames, earlier.responseFrames),
                subtract(responseBytes, earlier.responseBytes),
                responsesInAnotherFormat - earlier.responsesInAnotherFormat);
    }

    public long totalRequests() {
        return requestFrames.values().stream().mapToLong(Long::longValue).sum();
    }

    /**
     * The one serialization id that every request and its response used, or -1 if there were no calls, several
     * formats, or a response without its request.
     */
    public int onlySerializationId() {
        if (requestFrames.size() == 1 && responseFrames.equals(requestFrames) && responsesInAnotherFormat == 0) {
            return requestFrames.keySet().iterator().next();
        }
        return -1;
    }

    static Map<Integer, Long> copy(Map<Integer, AtomicLong> counters) {
        Map<Integer, Long> copy = new TreeMap<>();
        counters.forEach((id, count) -> copy.put(id, count.get()));
        return copy;
    }

    private static Map<Integer, Long> subtract(Map<Integer, Long> later, Map<Integer, Long> earlier) {
        Map<Integer, Long> difference = new TreeMap<>();
        later.forEach((id, value) -> {
            long delta = value - earlier.getOrDefault(id, 0L);
            if (delta != 0) {
                difference.put(id, delta);
            }
        });
        return difference;
    }
}
