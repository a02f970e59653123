package io.github.hessiantime.demo.api;

import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.Date;
import java.util.List;

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
    private static final long BASE_SECOND = Instant.parse("2026-01-01T00:00:00Z").getEpochSecond();

    private SampleOrders() {
    }

    public static Order order(long id) {
        Instant created = Instant.ofEpochSecond(BASE_SECOND + id * 3_607, (id % 1000) * 1_000_000);
        Instant paid = created.plusSeconds(97 + id % 600).plusNanos(id * 7_919 % 1_000_000);
        ZoneId zone = ZONES[(int) (id % ZONES.length)];
        return new Order(id, CUSTOMERS[(int) (id % CUSTOMERS.length)],
                Date.from(created),
                paid,
                LocalDateTime.ofInstant(paid, ZoneOffset.UTC).plusHours(20).withMinute(30).withSecond(0).withNano(0),
                ZonedDateTime.ofInstant(paid.plusSeconds(2 * 86_400 + id * 61), zone),
                LocalDate.ofInstant(created, ZoneOffset.UTC).withDayOfMonth(1).plusMonths(1));
    }

    public static DateTimeline dateTimeline(long orderId) {
        return new DateTimeline(orderId, milestones(orderId));
    }

    /** The same milestones as {@link #dateTimeline} (milliseconds, UTC wall clock), as {@code LocalDateTime}s. */
    public static LocalDateTimeTimeline localDateTimeTimeline(long orderId) {
        return new LocalDateTimeTimeline(orderId, milestones(orderId));
    }

    /** Timelines {@code firstOrderId ... firstOrderId + size - 1}, as one page of a listing. */
    public static List<DateTimeline> dateTimelines(long firstOrderId, int size) {
        List<DateTimeline> page = new ArrayList<>(size);
        for (long id = firstOrderId; id < firstOrderId + size; id++) {
            page.add(dateTimeline(id));
        }
        return page;
    }

    /** The same page as {@link #dateTimelines} with {@code LocalDateTime}s. */
    public static List<LocalDateTimeTimeline> localDateTimeTimelines(long firstOrderId, int size) {
        List<LocalDateTimeTimeline> page = new ArrayList<>(size);
        for (long id = firstOrderId; id < firstOrderId + size; id++) {
            page.add(localDateTimeTimeline(id));
        }
        return page;
    }

    private static Instant[] milestones(long orderId) {
        Instant created = Instant.ofEpochMilli((BASE_SECOND + orderId * 3_607) * 1000 + orderId % 1000);
        return new Instant[] {created, created.plusMillis(95_123), created.plusSeconds(3 * 3600 + 17),
                created.plusSeconds(26 * 3600 + 1), created.plusSeconds(3 * 86_400 + 5 * 3600)};
    }
}
