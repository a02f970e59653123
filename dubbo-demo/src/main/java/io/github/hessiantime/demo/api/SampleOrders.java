package io.github.hessiantime.demo.api;

import io.github.hessiantime.model.DateRow;
import io.github.hessiantime.model.LocalDateTimeRow;
import io.github.hessiantime.model.Page;

import java.io.Serializable;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * Deterministic sample data: the consumer sends {@code order(id)}, the provider checks that what arrived equals
 * {@code order(id)} and answers with its own {@code order(id)}, and the consumer checks that too. So every value is
 * compared after crossing the wire in each direction.
 */
public final class SampleOrders {

    private static final String[] CUSTOMERS = {"Ana", "Bo", "Chen", "Dmitri", "Eve", "Farah"};
    // Zones with and without daylight saving time, a half-hour offset and a fixed offset.
    private static final ZoneId[] ZONES = {ZoneId.of("Europe/Berlin"), ZoneId.of("America/New_York"),
            ZoneId.of("Asia/Shanghai"), ZoneId.of("Asia/Kolkata"), ZoneId.of("UTC"), ZoneOffset.ofHours(-3)};
    /** Rows per page: enough that serialization, not Dubbo's per-call work, counts (as in the benchmarks' pages). */
    public static final int PAGE_ROWS = 20;
    private static final long BASE_SECOND = Instant.parse("2026-01-01T00:00:00Z").getEpochSecond();

    private SampleOrders() {
    }

    public static Order order(long id) {
        Instant created = Instant.ofEpochSecond(BASE_SECOND + id * 3_607, (id % 1000) * 1_000_000);
        Instant paid = created.plusSeconds(97 + id % 600).plusNanos(id * 7_919 % 1_000_000);
        return new Order(id, CUSTOMERS[(int) (id % CUSTOMERS.length)], created, paid,
                ZONES[(int) (id % ZONES.length)]);
    }

    /**
     * Page {@code number} of the order listing: the milestones of orders {@code number ... number + PAGE_ROWS - 1},
     * one row each, as Dates. The page number is all the provider needs to build the page it expects.
     */
    public static Page<DateRow> datePage(int number) {
        return page(number, DateRow::new);
    }

    /** The same page as {@link #datePage} with {@code LocalDateTime}s (the sample DTOs' wall clock). */
    public static Page<LocalDateTimeRow> localDateTimePage(int number) {
        return page(number, LocalDateTimeRow::new);
    }

    private static <R extends Serializable> Page<R> page(int number, Function<Instant[], R> newRow) {
        List<R> rows = new ArrayList<>(PAGE_ROWS);
        for (long orderId = number; orderId < number + PAGE_ROWS; orderId++) {
            rows.add(newRow.apply(milestones(orderId)));
        }
        return new Page<>(number, rows);
    }

    /** Order {@code orderId}'s five milestones, in milliseconds: a Date holds them exactly, so both pages agree. */
    private static Instant[] milestones(long orderId) {
        Instant created = Instant.ofEpochMilli((BASE_SECOND + orderId * 3_607) * 1000 + orderId % 1000);
        return new Instant[] {created, created.plusMillis(95_123), created.plusSeconds(3 * 3600 + 17),
                created.plusSeconds(26 * 3600 + 1), created.plusSeconds(3 * 86_400 + 5 * 3600)};
    }
}
