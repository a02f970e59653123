package io.github.hessiantime.bench.report;

import java.util.List;
import java.util.Map;

/** The report's names for the benchmarks' value and serializer parameters. */
final class Titles {

    static final List<String> VALUES = List.of("date", "instant", "localDateTime", "dateDto", "timeDto");
    static final List<String> SERIALIZERS =
            List.of("hessianLite", "hessianLiteCompactMode", "hessianTimeCompact", "hessianTimeCompatible");

    private static final Map<String, String> SERIALIZER_TITLES = Map.of(
            "hessianLite", "stock hessian-lite",
            "hessianLiteCompactMode", "hessian-lite compactMode",
            "hessianTimeCompact", "hessian-time compact",
            "hessianTimeCompactUnreferenced", "hessian-time compact, unreferenced",
            "hessian2TimeStream", "hessian-time as Dubbo's hessian2-time writes it",
            "hessianTimeCompatible", "hessian-time compatible");

    private static final Map<String, String> VALUE_TITLES = Map.ofEntries(
            Map.entry("date", "Date"),
            Map.entry("instant", "Instant"),
            Map.entry("localDateTime", "LocalDateTime"),
            Map.entry("dateDto", "DTO, 4 Date fields"),
            Map.entry("timeDto", "DTO, 2 Instant + 2 LocalDateTime"),
            Map.entry("datePage", "Date page"),
            Map.entry("instantPage", "Instant page"),
            Map.entry("localDateTimePage", "LocalDateTime page"),
            Map.entry("instantMillis", "Instant (ms)"),
            Map.entry("instantMicros", "Instant (µs, as `Instant.now()` on JDK 15+)"),
            Map.entry("instantMillisPage", "Instant page (ms)"),
            Map.entry("instantMicrosPage", "Instant page (µs)"),
            Map.entry("offsetDateTimePage", "OffsetDateTime page"),
            Map.entry("localDateTimeRecordsPage", "LocalDateTime page of records"),
            Map.entry("instantMillisRecordsPage", "Instant page (ms) of records"),
            Map.entry("schedulePage", "Schedule page (ZonedDateTime, OffsetTime, Duration, Period, YearMonth)"));

    private Titles() {
    }

    static String serializer(String name) {
        return SERIALIZER_TITLES.get(name);
    }

    static String value(String name) {
        return VALUE_TITLES.get(name);
    }

    /** One side of a paired benchmark, {@code value:serializer}, in full. */
    static String side(String spec) {
        String[] p = spec.split(":");
        return value(p[0]) + ", " + serializer(p[1]);
    }

    /** One side of a paired benchmark, short enough for a chart label. */
    static String sideShort(String spec) {
        String[] p = spec.split(":");
        return value(p[0]).replace("DTO, 4 Date fields", "Date DTO").replace("DTO, 2 Instant + 2 LocalDateTime", "time DTO")
                + " (" + serializer(p[1]) + ")";
    }
}
