package io.github.hessiantime.testsupport;

import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;

/**
 * What a {@link DubboFrameTap} saw: dubbo frames keyed by serialization id (the id in each frame header), call frames
 * and their bytes (header included) in each direction; Triple messages keyed by the serialization name in their
 * wrapper ({@code hessian2-time}, {@code hessian4} for hessian2, {@code fastjson2}, ...). Immutable; {@link #minus}
 * gives what happened between two snapshots.
 */
public final class FrameCounts {
    private final Map<Integer, Long> requestFrames;
    private final Map<Integer, Long> requestBytes;
    private final Map<Integer, Long> responseFrames;
    private final Map<Integer, Long> responseBytes;
    private final long responsesInAnotherFormat;
    private final long nonDubboStreams;
    private final Map<String, Long> tripleRequests;
    private final Map<String, Long> tripleRequestBytes;
    private final Map<String, Long> tripleResponses;
    private final long tripleResponsesInAnotherFormat;

    FrameCounts(Map<Integer, Long> requestFrames, Map<Integer, Long> requestBytes, Map<Integer, Long> responseFrames,
                Map<Integer, Long> responseBytes, long responsesInAnotherFormat, long nonDubboStreams,
                Map<String, Long> tripleRequests, Map<String, Long> tripleRequestBytes,
                Map<String, Long> tripleResponses, long tripleResponsesInAnotherFormat) {
        this.requestFrames = requestFrames;
        this.requestBytes = requestBytes;
        this.responseFrames = responseFrames;
        this.responseBytes = responseBytes;
        this.responsesInAnotherFormat = responsesInAnotherFormat;
        this.nonDubboStreams = nonDubboStreams;
        this.tripleRequests = tripleRequests;
        this.tripleRequestBytes = tripleRequestBytes;
        this.tripleResponses = tripleResponses;
        this.tripleResponsesInAnotherFormat = tripleResponsesInAnotherFormat;
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

    /** Connection directions that did not start with the dubbo magic (Triple), read as HTTP/2. */
    public long nonDubboStreams() {
        return nonDubboStreams;
    }

    /**
     * Triple request messages per serialization name in their wrapper ({@code "?"}: a message whose name could not be
     * read, such as a compressed one or a protobuf message that is not a wrapper).
     */
    public Map<String, Long> tripleRequests() {
        return tripleRequests;
    }

    /** Bytes of Triple request messages per serialization name (the gRPC message, without its 5-byte prefix). */
    public Map<String, Long> tripleRequestBytes() {
        return tripleRequestBytes;
    }

    public Map<String, Long> tripleResponses() {
        return tripleResponses;
    }

    /** Triple responses whose serialization name differs from their own request's. */
    public long tripleResponsesInAnotherFormat() {
        return tripleResponsesInAnotherFormat;
    }

    public long totalTripleRequests() {
        return sum(tripleRequests);
    }

    /**
     * The one serialization name that every Triple request and response used, or null if there were no messages,
     * several names, a response in another format than its request, or requests without responses.
     */
    public String onlyTripleSerialization() {
        if (tripleRequests.size() == 1 && tripleResponses.equals(tripleRequests) && tripleResponsesInAnotherFormat == 0) {
            return tripleRequests.keySet().iterator().next();
        }
        return null;
    }

    public long totalRequests() {
        return sum(requestFrames);
    }

    private static long sum(Map<?, Long> counts) {
        long total = 0;
        for (long count : counts.values()) {
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
        return new FrameCounts(subtract(requestFrames, earlier.requestFrames),
                subtract(requestBytes, earlier.requestBytes), subtract(responseFrames, earlier.responseFrames),
                subtract(responseBytes, earlier.responseBytes),
                responsesInAnotherFormat - earlier.responsesInAnotherFormat,
                nonDubboStreams - earlier.nonDubboStreams, subtract(tripleRequests, earlier.tripleRequests),
                subtract(tripleRequestBytes, earlier.tripleRequestBytes),
                subtract(tripleResponses, earlier.tripleResponses),
                tripleResponsesInAnotherFormat - earlier.tripleResponsesInAnotherFormat);
    }

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
        return "requests " + requestFrames + " (" + requestBytes + " bytes), responses " + responseFrames + " ("
                + responseBytes + " bytes), responsesInAnotherFormat=" + responsesInAnotherFormat
                + ", nonDubboStreams=" + nonDubboStreams + (tripleRequests.isEmpty() && tripleResponses.isEmpty() ? ""
                : ", triple requests " + tripleRequests + " (" + tripleRequestBytes + " bytes), triple responses "
                + tripleResponses + ", tripleResponsesInAnotherFormat=" + tripleResponsesInAnotherFormat);
    }
}
