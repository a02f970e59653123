package io.github.hessiantime.demo.consumer;

import io.github.hessiantime.demo.api.OrderService;
import io.github.hessiantime.demo.api.SampleOrders;

/** The three kinds of call the demo makes; each sends sample {@code id} and checks the answer equals it. */
public enum Payload {
    ORDER("Order", "Order: one Date, Instant, LocalDateTime, ZonedDateTime and LocalDate") {
        @Override
        boolean callAndCompare(OrderService service, long id) {
            return SampleOrders.order(id).equals(service.place(SampleOrders.order(id)));
        }
    },
    DATE_DTO("Date-DTO", "Date-DTO: a page of " + SampleOrders.PAGE_ROWS + " rows of 5 java.util.Date each") {
        @Override
        boolean callAndCompare(OrderService service, long id) {
            int page = Math.toIntExact(id);
            return SampleOrders.datePage(page).equals(service.echoDates(SampleOrders.datePage(page)));
        }
    },
    LOCAL_DATE_TIME_DTO("LocalDateTime-DTO", "LocalDateTime-DTO: the same page with LocalDateTime instead of Date") {
        @Override
        boolean callAndCompare(OrderService service, long id) {
            int page = Math.toIntExact(id);
            return SampleOrders.localDateTimePage(page)
                    .equals(service.echoLocalDateTimes(SampleOrders.localDateTimePage(page)));
        }
    };

    private final String label;
    private final String description;

    Payload(String label, String description) {
        this.label = label;
        this.description = description;
    }

    public String label() {
        return label;
    }

    public String description() {
        return description;
    }

    /** True when the provider's answer equals what was sent (the provider itself rejects a changed request). */
    abstract boolean callAndCompare(OrderService service, long id);
}
