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
    DATE_DTO("Date-DTO", "Date-DTO: 5 java.util.Date") {
        @Override
        boolean callAndCompare(OrderService service, long id) {
            return SampleOrders.dateTimeline(id).equals(service.echoDates(SampleOrders.dateTimeline(id)));
        }
    },
    LOCAL_DATE_TIME_DTO("LocalDateTime-DTO", "LocalDateTime-DTO: the same 5 times as LocalDateTime") {
        @Override
        boolean callAndCompare(OrderService service, long id) {
            return SampleOrders.localDateTimeTimeline(id)
                    .equals(service.echoLocalDateTimes(SampleOrders.localDateTimeTimeline(id)));
        }
    };

    /** Time values per DTO; each crosses the wire twice per call and is compared on both ends. */
    public static final int TIME_VALUES_PER_DTO = 5;

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
