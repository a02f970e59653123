package io.github.hessiantime.migration;

import java.io.Serializable;
import java.time.Instant;
import java.util.Date;

/**
 * Version 1 of the DTO whose field moves from {@code Date} to {@code LocalDateTime} (version 2 is in src/v2/java, the
 * same class name). Both versions have the same methods, so the peer's code runs with either.
 */
public class Order implements Serializable {
    private static final long serialVersionUID = 1L;

    /** The moment every order of the playbook test is placed at. */
    static final Instant MOMENT = Instant.parse("2025-11-22T10:15:30.123Z");

    String id;
    Date placedAt;

    static Order sample(String id) {
        Order order = new Order();
        order.id = id;
        order.placedAt = new Date(MOMENT.toEpochMilli());
        return order;
    }

    /** Whether the field holds the moment, in this version's type. */
    boolean holdsTheMoment() {
        return placedAt instanceof Date && placedAt.getTime() == MOMENT.toEpochMilli();
    }

    String describe() {
        return id + " placedAt=" + (placedAt == null ? null : placedAt.toInstant()) + " (java.util.Date)";
    }
}
