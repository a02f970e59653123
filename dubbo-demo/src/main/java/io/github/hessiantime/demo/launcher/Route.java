package io.github.hessiantime.demo.launcher;

import io.github.hessiantime.demo.api.OrderService;
import io.github.hessiantime.demo.consumer.ConcurrentCalls.Outcome;
import io.github.hessiantime.demo.consumer.Payload;
import io.github.hessiantime.testsupport.FrameCounts;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.ToLongFunction;

/** One way the consumer reaches a provider, and what went over it. */
final class Route {
    final String name;
    final ProviderJvm process;
    final OrderService service;
    private final Map<Payload, Summary.Bytes> bytesPerCall = new EnumMap<>(Payload.class);
    private final Set<String> serializations = new TreeSet<>();
    private final List<Outcome> outcomes = new ArrayList<>();
    private long requestFrames;

    Route(String name, ProviderJvm process, OrderService service) {
        this.name = name;
        this.process = process;
        this.service = service;
    }

    void recordOutcome(Outcome outcome) {
        outcomes.add(outcome);
    }

    /** What the tap saw during {@code outcome}'s calls (nothing else went to this provider meanwhile). */
    void recordFrames(Payload payload, Outcome outcome, FrameCounts seen) {
        int serializationId = seen.onlySerializationId();
        serializations.add(serializationId < 0 ? "mixed " + seen.requestFrames() + "/" + seen.responseFrames()
                : SerializationNames.of(serializationId));
        requestFrames += seen.totalRequests();
        bytesPerCall.put(payload, new Summary.Bytes(sum(seen.requestBytes()) / (double) outcome.calls(),
                sum(seen.responseBytes()) / (double) outcome.calls()));
    }

    Summary.Route toSummary() {
        String firstProblem = outcomes.stream().map(Outcome::firstProblem).filter(Objects::nonNull).findFirst()
                .orElse(null);
        return new Summary.Route(name, List.copyOf(serializations), total(Outcome::calls), requestFrames,
                total(Outcome::different), total(Outcome::failed), firstProblem, bytesPerCall);
    }

    private long total(ToLongFunction<Outcome> count) {
        return outcomes.stream().mapToLong(count).sum();
    }

    private static long sum(Map<Integer, Long> bytes) {
        return bytes.values().stream().mapToLong(Long::longValue).sum();
    }
}
