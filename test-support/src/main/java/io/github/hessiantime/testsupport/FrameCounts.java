package io.github.hessiantime.testsupport;

import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;

/**
 * What a {@link DubboFrameTap} saw, keyed by serialization id (the id in each frame header): call frames and their
 * bytes (header included) in each direction. Immutable; {@link #minus} gives what happened between two snapshots.
 */
public final class FrameCounts {
    private final Direction requests;
    private final Direction responses;
    private final long responsesInAnotherFormat;
    private final long nonDubboStreams;
    private final Map<String, Long> namesInNonDubboStreams;

    FrameCounts(Map<Integer, Long> requestFrames, Map<Integer, Long> requestBytes, Map<Integer, Long> responseFrames,
                Map<Integer, Long> responseBytes, long responsesInAnotherFormat, long nonDubboStreams,
                Map<String, Long> namesInNonDubboStreams) {
        this(new Direction(requestFrames, requestBytes), new Direction(responseFrames, responseBytes),
                responsesInAnotherFormat, nonDubboStreams, namesInNonDubboStreams);
    }

    private FrameCounts(Direction requests, Direction responses, long responsesInAnotherFormat, long nonDubboStreams,
                        Map<String, Long> namesInNonDubboStreams) {
        this.requests = requests;
        this.responses = responses;
        this.responsesInAnotherFormat = responsesInAnotherFormat;
        this.nonDubboStreams = nonDubboStreams;
        this.namesInNonDubboStreams = Collections.unmodifiableMap(namesInNonDubboStreams);
    }

    /** The frames of one direction and their bytes (headers included), by serialization id. */
    private static final class Direction {
        final Map<Integer, Long> frames;
        final Map<Integer, Long> bytes;

        Direction(Map<Integer, Long> frames, Map<Integer, Long> bytes) {
            this.frames = frames;
            this.bytes = bytes;
        }

        Direction minus(Direction earlier) {
            return new Direction(subtract(frames, earlier.frames), subtract(bytes, earlier.bytes));
        }
    }

    /** Serialization id to number of request frames. */
    public Map<Integer, Long> requestFrames() {
        return requests.frames;
    }

    /** Serialization id to bytes of request frames, headers included. */
    public Map<Integer, Long> requestBytes() {
        return requests.bytes;
    }

    public Map<Integer, Long> responseFrames() {
        return responses.frames;
    }

    public Map<Integer, Long> responseBytes() {
        return responses.bytes;
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
        for (long count : requests.frames.values()) {
            total += count;
        }
        return total;
    }

    /**
     * The one serialization id that every request and every response used, or -1 if there were no calls, several
     * formats, a response in another format than its request, or requests without responses.
     */
    public int onlySerializationId() {
        Map<Integer, Long> requestFrames = requests.frames;
        if (requestFrames.size() == 1 && responses.frames.equals(requestFrames) && responsesInAnotherFormat == 0) {
            return requestFrames.keySet().iterator().next();
        }
        return -1;
    }

    public FrameCounts minus(FrameCounts earlier) {
        return new FrameCounts(requests.minus(earlier.requests), responses.minus(earlier.responses),
                responsesInAnotherFormat - earlier.responsesInAnotherFormat, nonDubboStreams - earlier.nonDubboStreams,
                subtract(namesInNonDubboStreams, earlier.namesInNonDubboStreams));
    }

    /** {@code later} minus {@code earlier}, key by key, without the keys that did not change. */
    private static <K> Map<K, Long> subtract(Map<K, Long> later, Map<K, Long> earlier) {
        Map<K, Long> difference = new TreeMap<K, Long>();
        for (Map.Entry<K, Long> entry : later.entrySet()) {
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
        return "requests " + requests.frames + " (" + requests.bytes + " bytes), responses " + responses.frames + " ("
                + responses.bytes + " bytes), responsesInAnotherFormat=" + responsesInAnotherFormat
                + ", nonDubboStreams=" + nonDubboStreams + (namesInNonDubboStreams.isEmpty() ? ""
                : ", names " + namesInNonDubboStreams);
    }
}
