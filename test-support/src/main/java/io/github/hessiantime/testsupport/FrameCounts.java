package io.github.hessiantime.testsupport;

import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;

/**
 * What a {@link DubboFrameTap} saw, keyed by serialization id (the id in each frame header): call frames and their
 * bytes (header included) in each direction. Immutable; {@link #minus} gives what happened between two snapshots.
 */
public final class FrameCounts {
    private final Map<Integer, Long> requestFrames;
    private final Map<Integer, Long> requestBytes;
    private final Map<Integer, Long> responseFrames;
    private final Map<Integer, Long> responseBytes;
    private final long responsesInAnotherFormat;
    private final long nonDubboStreams;
    private final Map<String, Long> namesInNonDubboStreams;

    FrameCounts(Map<Integer, Long> requestFrames, Map<Integer, Long> requestBytes, Map<Integer, Long> responseFrames,
                Map<Integer, Long> responseBytes, long responsesInAnotherFormat, long nonDubboStreams,
                Map<String, Long> namesInNonDubboStreams) {
        this.requestFrames = requestFrames;
        this.requestBytes = requestBytes;
        this.responseFrames = responseFrames;
        this.responseBytes = responseBytes;
        this.responsesInAnotherFormat = responsesInAnotherFormat;
        this.nonDubboStreams = nonDubboStreams;
        this.namesInNonDubboStreams = Collections.unmodifiableMap(namesInNonDubboStreams);
    }

    /** Serialization id to number of request frames. */
    public Map<Integer, Long> requestFrames() {
        return requestFrames;
    }

    /** Serialization id to bytes of request frames, headers included. */
    public Map<Integer, Long> requestBytes() {
        return requestBytes;
    }

    public Map<Integer, Long> responseFrames() {
        return responseFrames;
    }

    public Map<Integer, Long> responseBytes() {
        return responseBytes;
    }

    /** Responses whose serialization id differs from their request's. */
    public long responsesInAnotherFormat() {
        return responsesInAnotherFormat;
    }

    /** Connections that did not start with the dubbo magic (e.g. triple), relayed uncounted. */
    public long nonDubboStreams() {
        return nonDubboStreams;
    }

    /** In non-dubbo streams: occurrences of each watched name, keyed {@code request:name} / {@code response:name}. */
    public long nameOccurrences(String direction, String name) {
        Long count = namesInNonDubboStreams.get(direction + ":" + name);
        return count == null ? 0 : count;
    }

    public long totalRequests() {
        long total = 0;
        for (long count : requestFrames.values()) {
            total += count;
        }
        return total;
    }

    /**
     * The one serialization id that every request and every response used, or -1 if there were no calls, several
     * formats, a response in another format than its request, or requests without responses.
     */
    public int onlySerializationId() {
        if (requestFrames.size() == 1 && responseFrames.equals(requestFrames) && responsesInAnotherFormat == 0) {
            return requestFrames.keySet().iterator().next();
        }
        return -1;
    }

    public FrameCounts minus(FrameCounts earlier) {
        Map<String, Long> names = new TreeMap<String, Long>();
        for (Map.Entry<String, Long> entry : namesInNonDubboStreams.entrySet()) {
            Long before = earlier.namesInNonDubboStreams.get(entry.getKey());
            long delta = entry.getValue() - (before == null ? 0 : before);
            if (delta != 0) {
                names.put(entry.getKey(), delta);
            }
        }
        return new FrameCounts(subtract(requestFrames, earlier.requestFrames),
                subtract(requestBytes, earlier.requestBytes), subtract(responseFrames, earlier.responseFrames),
                subtract(responseBytes, earlier.responseBytes),
                responsesInAnotherFormat - earlier.responsesInAnotherFormat,
                nonDubboStreams - earlier.nonDubboStreams, names);
    }

    private static Map<Integer, Long> subtract(Map<Integer, Long> later, Map<Integer, Long> earlier) {
        Map<Integer, Long> difference = new TreeMap<Integer, Long>();
        for (Map.Entry<Integer, Long> entry : later.entrySet()) {
            Long before = earlier.get(entry.getKey());
            long delta = entry.getValue() - (before == null ? 0 : before);
            if (delta != 0) {
                difference.put(entry.getKey(), delta);
            }
        }
        return Collections.unmodifiableMap(difference);
    }

    @Override
    public String toString() {
        return "requests " + requestFrames + " (" + requestBytes + " bytes), responses " + responseFrames + " ("
                + responseBytes + " bytes), responsesInAnotherFormat=" + responsesInAnotherFormat
                + ", nonDubboStreams=" + nonDubboStreams + (namesInNonDubboStreams.isEmpty() ? ""
                : ", names " + namesInNonDubboStreams);
    }
}
