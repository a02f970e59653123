package io.github.hessiantime.migration;

import java.io.Serializable;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;

/**
 * Version 2 of the DTO: its field is now a {@code LocalDateTime}, the moment on the wall clock of the zone the peers
 * are configured with ({@code dubbo.application.hessian2-time.zone}).
 */
public class Order implements Serializable {
    private static final long serialVersionUID = 1L;

    static final Instant MOMENT = Instant.parse("2025-11-22T10:15:30.123Z");

    String id;
    LocalDateTime placedAt;

    static Order sample(String id) {
        Order order = new Order();
        order.id = id;
        order.placedAt = expected();
        return order;
    }

    private static LocalDateTime expected() {
        return LocalDateTime.ofInstant(MOMENT, ZoneId.of(System.getProperty("dubbo.application.hessian2-time.zone")));
    }

    boolean holdsTheMoment() {
        return expected().equals(placedAt);
    }

    String describe() {
        return id + " placedAt=" + placedAt + " (java.time.LocalDateTime)";
    }
}
