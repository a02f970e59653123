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

    /** Values and pages by what they hold; a page {@code xPage} is titled after {@code x} ({@link #value}). */
    private static final Map<String, String> VALUE_TITLES = Map.ofEntries(
            Map.entry("date", "Date"),
            Map.entry("instant", "Instant"),
            Map.entry("localDateTime", "LocalDateTime"),
            Map.entry("offsetDateTime", "OffsetDateTime"),
            Map.entry("dateDto", "DTO, 4 Date fields"),
            Map.entry("timeDto", "DTO, 2 Instant + 2 LocalDateTime"),
            Map.entry("instantMillis", "Instant (ms)"),
            Map.entry("instantMicros", "Instant (µs, as `Instant.now()` on JDK 15+)"),
            Map.entry("schedule", "Schedule (ZonedDateTime, OffsetTime, Duration, Period, YearMonth)"));
    private static final String PAGE = "Page";
    private static final String RECORDS = "Records";

    private Titles() {
    }

    static String serializer(String name) {
        return SERIALIZER_TITLES.get(name);
    }

    /**
     * A value's title; a page's ({@code instantMillisPage}) is its value's with "page" after the type
     * ("Instant page (ms)"), a page holding only the type's precision remark in short.
     */
    static String value(String name) {
        if (!name.endsWith(PAGE)) {
            return VALUE_TITLES.get(name);
        }
        String base = name.substring(0, name.length() - PAGE.length());
        if (base.endsWith(RECORDS)) {
            // the same page with each row a record: "LocalDateTime page of records"
            return value(base.substring(0, base.length() - RECORDS.length()) + PAGE) + " of records";
        }
        String title = VALUE_TITLES.get(base);
        int remark = title.indexOf(" (");
        if (remark < 0) {
            return title + " page";
        }
        // the µs remark about Instant.now() is for a single value; a page says only its precision
        String detail = title.substring(remark).replace(", as `Instant.now()` on JDK 15+", "");
        return title.substring(0, remark) + " page" + detail;
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
