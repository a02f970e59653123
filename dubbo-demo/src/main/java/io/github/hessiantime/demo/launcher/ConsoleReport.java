package io.github.hessiantime.demo.launcher;

import io.github.hessiantime.demo.consumer.Payload;

import java.io.PrintStream;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** The demo's tables for people, printed from a {@link Summary}. */
final class ConsoleReport {

    private final PrintStream out;

    ConsoleReport(PrintStream out) {
        this.out = out;
    }

    void print(Summary summary) {
        if (!summary.routes().isEmpty()) {
            negotiation(summary);
            bytes(summary.routes());
        }
        if (!summary.routes().isEmpty()) {
            equality(summary);
        }
        if (!summary.qos().isEmpty()) {
            qos(summary.qos());
        }
        out.println();
        if (summary.error() != null) {
            out.printf(Locale.ROOT, "The demo stopped after %.1f s: %s%n", summary.seconds(), summary.error());
        } else {
            out.printf(Locale.ROOT, "Done in %.1f s.%n", summary.seconds());
        }
    }

    private void negotiation(Summary summary) {
        out.println();
        out.println("== Negotiated serialization (from the serialization id in every dubbo frame header)");
        out.printf("%-13s %-12s %-24s %s%n", "provider", "hessian-time", "advertises", "on the wire");
        for (Summary.Route route : summary.routes()) {
            Summary.Provider provider = summary.providers().stream()
                    .filter(candidate -> candidate.label().equals(route.name())).findFirst().orElseThrow();
            out.printf("%-13s %-12s %-24s %s%n", provider.label(),
                    provider.hessianTimeOnClasspath() ? "jar present" : "jar ABSENT", provider.preferSerialization(),
                    String.join("+", route.serializations()));
        }
    }

    private void bytes(List<Summary.Route> routes) {
        out.println();
        out.println("== Bytes per call: request / response frame, dubbo header included");
        StringBuilder header = new StringBuilder(String.format("%-20s", "DTO"));
        routes.forEach(route -> header.append(String.format("  %-27s",
                route.name() + " " + String.join("+", route.serializations()))));
        out.println(header);
        for (Payload payload : Payload.values()) {
            StringBuilder line = new StringBuilder(String.format("%-20s", payload.label()));
            for (Summary.Route route : routes) {
                Summary.Bytes bytes = route.bytesPerCall().get(payload);
                line.append(String.format(Locale.ROOT, "  %-27s", bytes == null ? "-"
                        : String.format(Locale.ROOT, "%.0f / %.0f", bytes.request(), bytes.response())));
            }
            out.println(line);
        }
        for (Payload payload : Payload.values()) {
            out.println("  " + payload.description());
        }
    }

    private void equality(Summary summary) {
        out.println();
        out.println("== Equality");
        out.printf(Locale.ROOT, "%,d calls, %,d came back different, %,d failed%s%n", summary.calls(),
                summary.different(), summary.failed(), summary.different() + summary.failed() == 0
                        ? ": every value came back equal (the provider compared each request, the consumer each"
                        + " response)" : "");
        summary.routes().stream().filter(route -> route.firstProblem() != null)
                .forEach(route -> out.println("  " + route.name() + ": " + route.firstProblem()));
    }

    private void qos(Map<String, String> answers) {
        out.println();
        out.println("== What an operator sees: the QoS command hessian2Time (no speed measured here: see"
                + " docs/benchmarks.md)");
        answers.forEach((jvm, answer) -> {
            out.println("-- " + jvm);
            out.print(answer);
        });
    }
}
